// The inserter's list as a writer and a screen reader meet it: its options, and their names (a
// block's its title; a pattern's says it is one, and its category).
import type { Page } from 'playwright-core';

export const inserterOptions = (page: Page) => page.getByRole('listbox', { name: 'Blocks' }).getByRole('option');

export const optionNames = (page: Page) => inserterOptions(page).evaluateAll((all) => all.map((option) => option.getAttribute('aria-label') ?? option.textContent));
