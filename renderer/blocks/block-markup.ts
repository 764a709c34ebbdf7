// Block markup <-> editor documents: the one place the editor's content format is decided.
export { markupToDoc } from './parse-blocks.ts';
export { docToMarkup } from './serialize-blocks.ts';
