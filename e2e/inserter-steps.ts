// A writer's steps with the inserter, shared by its end-to-end files: a post with the caret on a
// new empty line, the list's options and their names (a block's its title; a pattern's says it is
// one, and its category, as a screen reader reads it).
import type { Page } from 'playwright-core';
import type { AppSession } from './harness.ts';

export const paragraphMarkup = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

/** A new post titled `title` of one paragraph, "Start.", with the caret on a new empty line after it; its id. */
export async function onEmptyLine(app: AppSession, title: string): Promise<number> {
  const { id } = await app.openPost({ title, content: paragraphMarkup('Start.') });
  await app.page.getByRole('textbox', { name: 'Content' }).getByText('Start.').click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.press('Enter');
  return id;
}

export const inserterOptions = (page: Page) => page.getByRole('listbox', { name: 'Blocks' }).getByRole('option');

export const optionNames = (page: Page) => inserterOptions(page).evaluateAll((all) => all.map((option) => option.getAttribute('aria-label') ?? option.textContent));
