// Each connected site's user name and application password, sealed by a SecretCipher and
// kept in one file of sealed values: nothing readable is ever written, or logged.
import type { SiteCredentials } from '../../../shared/site-client.ts';
import type { SecretCipher } from '../../../server/local-copy/index.ts';
import { readJsonFile, writeJsonFile } from './json-file.ts';

interface Sealed {
  /** Sealed with the credentials, so a value moved to another site's entry does not open. */
  site: string;
  login: string;
  password: string;
}

export class CredentialStore {
  constructor(
    private readonly file: string,
    private readonly cipher: SecretCipher,
  ) {}

  private readAll(): Record<string, string> {
    return readJsonFile<Record<string, string>>(this.file, {});
  }

  save(siteId: string, credentials: SiteCredentials): void {
    const sealed: Sealed = { site: siteId, login: credentials.login, password: credentials.password };
    const all = this.readAll();
    all[siteId] = this.cipher.encrypt(JSON.stringify(sealed)).toString('base64');
    writeJsonFile(this.file, all);
  }

  load(siteId: string): SiteCredentials | null {
    const value = this.readAll()[siteId];
    if (value === undefined) return null;
    const sealed = JSON.parse(this.cipher.decrypt(Buffer.from(value, 'base64'))) as Sealed;
    if (sealed.site !== siteId) throw new Error('The stored credentials belong to another site: enter this site\'s password again.');
    return { login: sealed.login, password: sealed.password };
  }

  remove(siteId: string): void {
    const all = this.readAll();
    if (!(siteId in all)) return;
    delete all[siteId];
    writeJsonFile(this.file, all);
  }
}
