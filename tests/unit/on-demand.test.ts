// @vitest-environment jsdom
// The parts of the renderer loaded on demand (issue 29: the first screen loads quickly): while
// a part loads, its place says in words what is coming, never empty; once loaded it shows with
// the props it was given; each screen of the app and the image editor is one of them.
import fs from 'node:fs';
import path from 'node:path';
import { act, createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { onDemand } from '../../renderer/components/on-demand.tsx';

// React's act() warns unless told it runs in a test; the flag is this file's, so it goes after it.
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  delete actFlag.IS_REACT_ACT_ENVIRONMENT;
});

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

it('says what is loading in words until the part comes, then shows it with its props', async () => {
  let arrive!: (component: ComponentType<{ name: string }>) => void;
  const Part = onDemand(() => new Promise<ComponentType<{ name: string }>>((resolve) => { arrive = resolve; }), 'Loading the editor…');
  await act(async () => root.render(createElement(Part, { name: 'Draft' })));
  expect(host.querySelector('[role="status"]')?.textContent).toBe('Loading the editor…');
  await act(async () => arrive(({ name }) => createElement('h1', null, `Editing ${name}`)));
  expect(host.textContent).toBe('Editing Draft');
  expect(host.querySelector('[role="status"]')).toBeNull();
});

it('loads every screen but the first, and the image editor, on demand: no static import of them is left', () => {
  const read = (file: string) => fs.readFileSync(path.resolve('renderer', file), 'utf8');
  const statically = (source: string, module: string) => new RegExp(`^import [^;]*from '[^']*/${module}'`, 'm').test(source);
  for (const screen of ['EditorScreen.tsx', 'MediaLibrary.tsx', 'SitesScreen.tsx', 'SettingsScreen.tsx']) {
    expect(statically(read('app/App.tsx'), screen), screen).toBe(false);
  }
  for (const user of ['editor/ImageControls.tsx', 'media/MediaLibrary.tsx']) expect(statically(read(user), 'ImageEditor.tsx'), user).toBe(false);
});
