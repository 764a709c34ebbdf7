// What sync (electron/remote) may import from the server, all of it: the local copy's door,
// the driver that opens sync's own bookkeeping file, and the few words sync shares with the
// site (deployments, roles, the credential cipher's type); dates and slugs are shared/'s.
export { LocalWriteError, type LocalCopy, type LocalItem, type LocalItemKind, type LocalMedia, type LocalTerm, type LocalWriting, type NewMedia } from './local-copy.ts';
export { createLocalCopy, openLocalCopy } from './site-copy.ts';
export { openDatabase, type SqlDatabase } from '../store/sqlite.ts';
export { withPreparedOnce } from '../store/prepared-once.ts';
export type { DeploymentName } from '../site-context.ts';
export { ROLES, can, typeCapability, type Capability, type Role } from '../auth/capabilities.ts';
export type { SecretCipher } from '../auth/secret-cipher.ts';
