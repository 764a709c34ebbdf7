// builder/v1 as the site serves it (deployment B): its export route, and the commands that
// add, list and remove the custom icon sets it exports.
import path from 'node:path';
import type { NamespacePlugin } from '../../site-context.ts';
import { BUILDER_NAMESPACE, builderRoutes } from './routes.ts';
import { addIconSetCommand, listIconSetsCommand, removeIconSetCommand } from './icon-commands.ts';

export const builderPlugin: NamespacePlugin = {
  namespace: BUILDER_NAMESPACE,
  routes: builderRoutes,
  commands: [
    {
      name: 'icons add',
      help: [
        'Add a custom icon set for the page builder (deployment B exports',
        'it at builder/v1/icons/export). --name NAME --prefix PREFIX',
        '--from DIR_OF_SVGS. Every file in DIR must be an SVG image (hidden',
        'files and subfolders are skipped); each icon is named after its',
        'file and sanitised: scripts, event handlers, foreign objects and',
        'references to other files or addresses are removed. PREFIX is',
        'the icons\' class prefix: a-z first, then a-z, 0-9, "-", "_".',
      ],
      options: ['name', 'prefix', 'from'],
      run({ store, required }) {
        const added = addIconSetCommand(store, { name: required('name'), prefix: required('prefix'), from: path.resolve(required('from')) });
        console.log(`Added the icon set "${added.prefix}" with ${added.count} icon${added.count === 1 ? '' : 's'}.`);
      },
    },
    {
      name: 'icons list',
      help: ['List the icon sets: prefix, icon count, name.'],
      run({ store }) {
        for (const set of listIconSetsCommand(store)) console.log(`${set.prefix}  ${set.icon_count} icon${set.icon_count === 1 ? '' : 's'}  ${set.name}`);
      },
    },
    {
      name: 'icons remove',
      help: ['Remove an icon set. --prefix PREFIX'],
      options: ['prefix'],
      run({ store, required }) {
        removeIconSetCommand(store, { prefix: required('prefix') });
        console.log('Removed.');
      },
    },
  ],
};
