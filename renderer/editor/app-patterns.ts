// The patterns shipped with the app, offered by the inserter ("+" and "/") beside the blocks: each
// a few ordinary blocks written as the block editor saves them, so that once inserted they are
// edited like any other and saved byte for byte until the writer changes them. Each pattern is one
// entry, in WordPress's pattern shape (name, title, categories, keywords, description, content),
// so the app's and a connected site's patterns are listed alike. Those with an image or a gallery
// hold it empty, as the block editor saves one just inserted: it shows its placeholder, where the
// writer chooses its media (renderer/blocks/media-placeholder.ts).
import type { BlockPattern, PatternCategory } from '../../shared/block-patterns.ts';
import { newBlockMarkup } from '../blocks/block-definition.ts';
import { newParagraph } from '../blocks/paragraph-block.ts';
import { newHeading } from '../blocks/heading-block.ts';
import { EMPTY_IMAGE } from '../blocks/image-block.ts';
import { EMPTY_GALLERY } from '../blocks/gallery.ts';

/** The categories of the app's patterns, by name, with the label the inserter shows. */
export const APP_PATTERN_CATEGORIES: readonly PatternCategory[] = [
  { name: 'text', label: 'Text' },
  { name: 'call-to-action', label: 'Call to action' },
  { name: 'columns', label: 'Columns' },
  { name: 'banner', label: 'Banners' },
  { name: 'media', label: 'Media' },
];

const paragraph = (words: string) => newParagraph(`<p>${words}</p>`);

const heading = (words: string, level = 2) => newHeading(level, words);

const buttons = (...labels: string[]) => newBlockMarkup('buttons', `<div class="wp-block-buttons">${labels.map((label) => newBlockMarkup('button', `<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">${label}</a></div>`)).join('\n\n')}</div>`);

const columns = (...each: string[][]) => newBlockMarkup('columns', `<div class="wp-block-columns">${each.map((blocks) => newBlockMarkup('column', `<div class="wp-block-column">${blocks.join('\n\n')}</div>`)).join('\n\n')}</div>`);

const list = (tag: 'ul' | 'ol', items: string[]) => newBlockMarkup('list', `<${tag} class="wp-block-list">${items.map((item) => newBlockMarkup('list-item', `<li>${item}</li>`)).join('\n\n')}</${tag}>`, tag === 'ol' ? { ordered: true } : undefined);

const details = (question: string, answer: string) => newBlockMarkup('details', `<details class="wp-block-details"><summary>${question}</summary>${paragraph(answer)}</details>`);

const plan = (name: string, price: string) => [heading(name, 3), paragraph(`<strong>${price}</strong>`), list('ul', ['What it includes', 'What else it includes']), buttons('Choose')];

/** A pattern of the app: its name under `inkwell/`, the blocks joined as the block editor joins them. */
const pattern = (name: string, title: string, categories: string[], keywords: string, description: string, blocks: string[]): BlockPattern => ({
  name: `inkwell/${name}`, title, categories, keywords: keywords.split(' '), description, content: blocks.join('\n\n'),
});

export const APP_PATTERNS: readonly BlockPattern[] = [
  pattern('heading-and-introduction', 'Heading and introduction', ['text'], 'intro opening title lead', 'A heading and the paragraph that opens its part.', [
    heading('A heading that says what follows'),
    paragraph('One or two sentences that tell the reader what this part is about and why it is worth reading.'),
  ]),
  pattern('steps', 'Numbered steps', ['text'], 'how to instructions list recipe', 'A heading and the steps to follow, numbered.', [
    heading('How to do it'),
    list('ol', ['The first thing to do', 'Then the next', 'And the last']),
  ]),
  pattern('quote-with-citation', 'Quote with its author', ['text'], 'quotation citation testimonial saying', 'Someone’s words and who said them.', [
    newBlockMarkup('quote', `<blockquote class="wp-block-quote">${paragraph('Words worth repeating, in the speaker’s own voice.')}<cite>Who said them</cite></blockquote>`),
  ]),
  pattern('pullquote-between-paragraphs', 'Pullquote between paragraphs', ['text'], 'quote highlight emphasis article', 'Two paragraphs with a pullquote between them, for the line a reader should remember.', [
    paragraph('The paragraph that leads to the point worth remembering.'),
    newBlockMarkup('pullquote', `<figure class="wp-block-pullquote"><blockquote><p>The line a reader should remember.</p><cite>Who said it</cite></blockquote></figure>`),
    paragraph('The paragraph that follows from it.'),
  ]),
  pattern('questions-and-answers', 'Questions and answers', ['text'], 'faq details questions answers help', 'Questions a reader asks, each opening on its answer.', [
    heading('Questions and answers'),
    details('A question readers ask', 'Its answer, short and plain.'),
    details('Another question', 'Another answer.'),
    details('One more question', 'And its answer.'),
  ]),
  pattern('call-to-action', 'Call to action', ['call-to-action'], 'buttons sign up subscribe contact offer', 'A heading, a sentence and two buttons asking the reader to act.', [
    heading('Ready to begin?'),
    paragraph('Say in one sentence what the reader gets by going on.'),
    buttons('Get started', 'Learn more'),
  ]),
  pattern('three-plans', 'Three plans and their prices', ['call-to-action', 'columns'], 'pricing prices plans offers tiers compare', 'Three columns, each a plan: its name, price, what it includes and a button.', [
    columns(plan('Basic', 'Free'), plan('Standard', '€10 a month'), plan('Complete', '€25 a month')),
  ]),
  pattern('two-columns-of-text', 'Two columns of text', ['columns'], 'side by side layout compare', 'Two columns side by side, each a heading and its paragraph.', [
    columns([heading('On the left', 3), paragraph('The words of the first column.')], [heading('On the right', 3), paragraph('The words of the second column.')]),
  ]),
  pattern('three-features', 'Three features side by side', ['columns'], 'services benefits highlights layout', 'Three columns, each a short heading and a sentence about one feature.', [
    columns(...['First', 'Second', 'Third'].map((which) => [heading(`${which} feature`, 3), paragraph('A sentence about what it does for the reader.')])),
  ]),
  pattern('image-beside-text', 'Image beside text', ['media'], 'picture photo side by side', 'An image to choose, with a heading and a paragraph beside it.', [
    columns([EMPTY_IMAGE], [heading('Beside the image', 3), paragraph('Say what the image shows and why it matters to the reader.')]),
  ]),
  pattern('gallery-with-heading', 'Gallery with a heading', ['media'], 'images photos pictures album', 'A heading, a gallery to fill with images and a line about them.', [
    heading('In pictures'),
    EMPTY_GALLERY,
    paragraph('A line about what the pictures show.'),
  ]),
  pattern('title-over-colour', 'Title over a colour band', ['banner'], 'cover hero header banner heading', 'A cover of one colour with a heading and a line over it.', [
    newBlockMarkup('cover', `<div class="wp-block-cover is-light" style="min-height:320px"><span aria-hidden="true" class="wp-block-cover__background has-background-dim-80 has-background-dim" style="background-color:#f2ede4"></span><div class="wp-block-cover__inner-container">${heading('A title over colour')}\n\n${paragraph('A line that says what follows.')}</div></div>`, { dimRatio: 80, customOverlayColor: '#f2ede4', isUserOverlayColor: true, minHeight: 320, isDark: false }),
  ]),
];
