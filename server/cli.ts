// `npm run site`: runs the standalone site, and manages its users and application passwords.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inkwellDataDir } from './app-data.ts';
import { isDeploymentName, type DeploymentName } from './deployments.ts';
import { serveSite } from './http.ts';
import { Store } from './store/db.ts';
import { initialiseSite } from './initialise.ts';
import {
  appPasswordCreateCommand, appPasswordListCommand, appPasswordRevokeCommand, createUserCommand, setPasswordCommand,
} from './auth/account-commands.ts';
import { addSiteProvider, siteProviders } from './namespaces/oembed/providers.ts';
import {
  mailClearCommand, mailOutboxCommand, mailRouteCommand, mailSetCommand, rateLimitCommand, submissionsCommand,
} from './namespaces/contact-form/commands.ts';
import { addIconSetCommand, listIconSetsCommand, removeIconSetCommand } from './namespaces/builder/icon-commands.ts';
import { setServices } from './namespaces/seo/connector-services.ts';
import { NAMESPACES } from '../shared/api-routes.ts';

export const DEFAULT_PORT = 8787;

const HELP = `Usage: npm run site -- [command] [options]

Runs a site of the content interface on this machine, or manages its accounts.

Commands:
  (none)                    Run the site until Ctrl+C.
  app-password create       Create an application password and print it once.
                              --user LOGIN --name NAME [--app-id UUID]
  app-password list         List a user's application passwords. --user LOGIN
  app-password revoke       Revoke one. --user LOGIN --uuid UUID
  user create               Create a user. --login LOGIN --role ROLE [--password P] [--email E]
                              Roles: administrator, editor, author, contributor, subscriber.
                              Without --password one is generated and printed once.
  user set-password         Change a user's account password (the one the sign-in page asks for).
                              --login LOGIN [--password P]
  oembed add-provider       Let the oEmbed proxy ask an endpoint for URLs matching a pattern.
                              --pattern REGEX --endpoint URL
  oembed providers          List the providers this site added.
  mail set                  Send the contact forms' mail through an SMTP server.
                              --smtp-url smtp://[user:password@]host:port (smtps:// for TLS;
                              ?ignoreTLS=true or ?requireTLS=true after the port). A password
                              is stored encrypted, with its key in DIR/mail.key.
                              Without a server, mail waits in the outbox.
  mail clear                Forget the SMTP server: mail waits in the outbox again.
  mail outbox               List the mail not delivered: waiting for a server, or refused by it.
  contact-form rate-limit   Limit the submissions of each client (default 10 every 60 seconds).
                              --requests N --seconds S
  contact-form submissions  List the stored submissions. [--form ID]
  icons add                 Add a custom icon set for the page builder (deployment B exports
                              it at ${NAMESPACES.builder}/icons/export). --name NAME --prefix PREFIX
                              --from DIR_OF_SVGS. Every file in DIR must be an SVG image (hidden
                              files and subfolders are skipped); each icon is named after its
                              file and sanitised: scripts, event handlers, foreign objects and
                              references to other files or addresses are removed. PREFIX is
                              the icons' class prefix: a-z first, then a-z, 0-9, "-", "_".
  icons list                List the icon sets: prefix, icon count, name.
  icons remove              Remove an icon set. --prefix PREFIX
  seo set-service           Where the ${NAMESPACES.seo} connectors send their requests (deployment B):
                              [--kwresearch-url URL] [--rank-url URL] [--timeout-ms N]
                              (keyword-research and rank-tracking services; default wait
                              10000 ms). Their tokens are stored encrypted, with the key in
                              DIR/connectors.key.

Options:
  --deployment a|b   Which deployment of the interface to serve (default a).
  --data DIR         The site's data directory (default: in your application-data folder).
  --port N           Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one).
  --host ADDRESS     Address to bind (default 127.0.0.1, loopback only).
  --url URL          The site's public base URL when it serves other machines.
  --allow-private-network
                     Let the site fetch from loopback and private addresses (media
                     sideloads, oEmbed); off by default.
  --help             Show this text.

A new data directory is initialised with an administrator "admin", whose generated
account password is printed once. Clients connect with application passwords over
HTTP Basic, or through the sign-in page the API index advertises.`;

/** A standalone site's data, in the per-user application-data folder. */
export function defaultDataDir(deployment: DeploymentName): string {
  return path.join(inkwellDataDir(), `site-${deployment}`);
}

function fail(message: string): never {
  console.error(`Error: ${message}\nRun with --help for usage.`);
  process.exit(2);
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') fail(`--${name} is required.`);
  return value;
}

async function runSite(values: Record<string, string | boolean | undefined>, deployment: DeploymentName, dataDir: string): Promise<void> {
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a number from 0 to 65535.');
  const running = await serveSite({
    dataDir,
    deployment,
    host: (values.host as string | undefined) ?? '127.0.0.1',
    port,
    url: values.url as string | undefined,
    allowPrivateNetwork: values['allow-private-network'] === true,
  });
  const { urls } = running.site.context;
  if (running.site.initialAdminPassword) {
    console.log(`New site initialised in ${dataDir}.\nAdministrator login: admin\nAccount password (shown once): ${running.site.initialAdminPassword}`);
  }
  console.log(`Site (deployment ${deployment.toUpperCase()}) ready at ${urls.base}/`);
  console.log(`API root: ${urls.apiRoot}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping: finishing requests in flight…');
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function runAccountCommand(command: string, values: Record<string, string | boolean | undefined>, dataDir: string): void {
  const store = new Store(path.join(dataDir, 'site.db'));
  try {
    const initialPassword = initialiseSite(store);
    if (initialPassword) console.log(`New site initialised in ${dataDir}. Admin account password (shown once): ${initialPassword}`);
    switch (command) {
      case 'app-password create': {
        const created = appPasswordCreateCommand(store, { login: required(values, 'user'), name: required(values, 'name'), appId: values['app-id'] as string | undefined });
        console.log(`Application password for ${values.user} (shown once, store it now):\n${created.password}\nuuid: ${created.uuid}`);
        break;
      }
      case 'app-password list':
        for (const row of appPasswordListCommand(store, { login: required(values, 'user') })) {
          console.log(`${row.uuid}  ${row.name}  created ${row.created}  last used ${row.last_used ?? 'never'}`);
        }
        break;
      case 'app-password revoke':
        appPasswordRevokeCommand(store, { login: required(values, 'user'), uuid: required(values, 'uuid') });
        console.log('Revoked.');
        break;
      case 'user create': {
        const created = createUserCommand(store, {
          login: required(values, 'login'), role: required(values, 'role'),
          password: values.password as string | undefined, email: values.email as string | undefined,
        });
        console.log(`Created user ${created.user.login} (${created.user.role}).`);
        if (values.password === undefined) console.log(`Account password (shown once): ${created.password}`);
        break;
      }
      case 'user set-password': {
        const password = setPasswordCommand(store, { login: required(values, 'login'), password: values.password as string | undefined });
        console.log(values.password === undefined ? `New account password (shown once): ${password}` : 'Password changed.');
        break;
      }
      case 'oembed add-provider':
        addSiteProvider(store, { pattern: required(values, 'pattern'), endpoint: required(values, 'endpoint') });
        console.log('Provider added.');
        break;
      case 'oembed providers':
        for (const provider of siteProviders(store)) console.log(`${provider.pattern}  ->  ${provider.endpoint}`);
        break;
      case 'mail set':
        console.log(`Mail is now sent through ${mailSetCommand(store, dataDir, { smtpUrl: required(values, 'smtp-url') })}.`);
        break;
      case 'mail clear':
        mailClearCommand(store);
        console.log('No SMTP server is set: mail waits in the outbox.');
        break;
      case 'mail outbox': {
        console.log(mailRouteCommand(store, dataDir));
        const lines = mailOutboxCommand(store);
        if (lines.length === 0) console.log('The outbox is empty.');
        for (const line of lines) {
          console.log(`#${line.id}  ${line.created}  ${line.status}  ${line.kind} of submission ${line.submission ?? '-'}  ${line.size} bytes`);
          console.log(`    From: ${line.from}\n    To: ${line.to.join(', ')}\n    Subject: ${line.subject}`);
          if (line.error) console.log(`    Error: ${line.error}`);
        }
        break;
      }
      case 'contact-form rate-limit':
        rateLimitCommand(store, { requests: required(values, 'requests'), seconds: required(values, 'seconds') });
        console.log(`At most ${values.requests} submissions every ${values.seconds} seconds from each client.`);
        break;
      case 'contact-form submissions': {
        const rows = submissionsCommand(store, { form: values.form as string | undefined });
        if (rows.length === 0) console.log('No submissions are stored.');
        for (const row of rows) {
          console.log(`#${row.id}  form ${row.form}  ${row.created}  ${row.status}${row.error ? ` (${row.error})` : ''}  ${JSON.stringify(row.data)}`);
        }
        break;
      }
      case 'icons add': {
        const added = addIconSetCommand(store, { name: required(values, 'name'), prefix: required(values, 'prefix'), from: path.resolve(required(values, 'from')) });
        console.log(`Added the icon set "${added.prefix}" with ${added.count} icon${added.count === 1 ? '' : 's'}.`);
        break;
      }
      case 'icons list':
        for (const set of listIconSetsCommand(store)) console.log(`${set.prefix}  ${set.icon_count} icon${set.icon_count === 1 ? '' : 's'}  ${set.name}`);
        break;
      case 'icons remove':
        removeIconSetCommand(store, { prefix: required(values, 'prefix') });
        console.log('Removed.');
        break;
      case 'seo set-service': {
        const set = setServices(store, {
          kwresearchUrl: values['kwresearch-url'] as string | undefined, rankUrl: values['rank-url'] as string | undefined, timeoutMs: values['timeout-ms'] as string | undefined,
        });
        console.log(`Keyword research: ${set.kwresearch_url || '(not set)'}\nRank tracking: ${set.rank_url || '(not set)'}\nTime limit: ${set.timeout_ms} ms`);
        break;
      }
      default:
        fail(`Unknown command "${command}".`);
    }
  } catch (error) {
    fail((error as Error).message);
  } finally {
    store.close();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      deployment: { type: 'string' }, data: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' },
      url: { type: 'string' }, help: { type: 'boolean' }, 'allow-private-network': { type: 'boolean' }, user: { type: 'string' }, name: { type: 'string' },
      'app-id': { type: 'string' }, uuid: { type: 'string' }, login: { type: 'string' }, role: { type: 'string' },
      password: { type: 'string' }, email: { type: 'string' }, pattern: { type: 'string' }, endpoint: { type: 'string' },
      'smtp-url': { type: 'string' }, requests: { type: 'string' }, seconds: { type: 'string' }, form: { type: 'string' },
      prefix: { type: 'string' }, from: { type: 'string' },
      'kwresearch-url': { type: 'string' }, 'rank-url': { type: 'string' }, 'timeout-ms': { type: 'string' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const deployment = values.deployment ?? 'a';
  if (!isDeploymentName(deployment)) fail('--deployment must be a or b.');
  const dataDir = path.resolve(values.data ?? defaultDataDir(deployment));
  if (positionals.length === 0) await runSite(values, deployment, dataDir);
  else runAccountCommand(positionals.join(' '), values, dataDir);
}

main().catch((error: unknown) => fail((error as Error).message));
