// Builds the renderer once for the end-to-end tests.
import { buildRenderer } from '../build/build-app.ts';

export default async function setup(): Promise<void> {
  await buildRenderer();
}
