// Builds the renderer once for the end-to-end tests.
import { buildRenderer } from '../electron/build-app.ts';

export default async function setup(): Promise<void> {
  await buildRenderer();
}
