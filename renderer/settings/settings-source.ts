// Where the settings of the site written for are read and saved: the local site's own route, or
// for a connected site the remote's settings (through the app, which holds its password), then
// mirrored into its copy here so that the copy's dates read as the site's.
import type { SiteClient } from '../../shared/site-client.ts';
import type { SiteSettings } from '../../shared/site-types.ts';
import { api, desktopApi } from '../../shared/api-routes.ts';

export interface SettingsSource {
  /** What the screen says it changes: "this computer's site" or the connected site's name. */
  name: string;
  /** Whether manual UTC offsets can be saved (a WordPress's REST API takes city zones only). */
  takesOffsets: boolean;
  read(): Promise<SiteSettings>;
  save(changes: Partial<SiteSettings>): Promise<SiteSettings>;
}

export function localSettings(client: SiteClient): SettingsSource {
  return {
    name: 'the site on this computer',
    takesOffsets: true,
    read: () => client.get(api.settings()),
    save: (changes) => client.post(api.settings(), changes),
  };
}

export function connectedSettings(home: SiteClient, copy: SiteClient, site: { siteId: string; name: string }): SettingsSource {
  return {
    name: site.name,
    takesOffsets: false,
    read: () => home.get(desktopApi.siteSettings(site.siteId)),
    save: async (changes) => {
      const saved = await home.post(desktopApi.siteSettings(site.siteId), changes);
      const { title, description, timezone, date_format, time_format } = saved;
      // A remote on a manual offset has no zone name to copy: the copy keeps the offset it has.
      await copy.post(api.settings(), { title, description, ...(timezone ? { timezone } : {}), date_format, time_format });
      return saved;
    },
  };
}
