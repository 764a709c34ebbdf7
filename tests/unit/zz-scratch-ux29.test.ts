// @vitest-environment jsdom
import { it } from 'vitest';
import { blockEditor } from '../helpers/block-editor.ts';
it('prints', () => {
  const wp = blockEditor() as any;
  const p = () => wp.createBlock('core/paragraph', { content: 'Inner' });
  const out: string[] = [];
  const all = { textColor: 'vivid-red', backgroundColor: 'black' };
  const grad = { textColor: 'vivid-red', gradient: 'midnight' };
  for (const a of [all, grad]) {
    out.push(wp.serialize(wp.createBlock('core/group', { ...a, layout: { type: 'constrained' } }, [p()])));
    out.push(wp.serialize(wp.createBlock('core/columns', a, [wp.createBlock('core/column', a, [p()])])));
    out.push(wp.serialize(wp.createBlock('core/media-text', { ...a, mediaUrl: 'https://e.com/a.png', mediaType: 'image' }, [p()])));
    out.push(wp.serialize(wp.createBlock('core/buttons', a, [wp.createBlock('core/button', { ...a, text: 'Go' })])));
    out.push(wp.serialize(wp.createBlock('core/pullquote', { ...a, value: 'Q', citation: 'C' })));
    out.push(wp.serialize(wp.createBlock('core/cover', { url: 'https://e.com/a.png', dimRatio: 50, overlayColor: 'black', textColor: 'vivid-red' }, [p()])));
    out.push(wp.serialize(wp.createBlock('core/cover', { url: 'https://e.com/a.png', dimRatio: 50, gradient: 'midnight' }, [p()])));
    out.push(wp.serialize(wp.createBlock('core/cover', { dimRatio: 100, overlayColor: 'black' }, [p()])));
    out.push(wp.serialize(wp.createBlock('core/heading', { content: 'H', level: 2, fontSize: 'large', ...a })));
    out.push(wp.serialize(wp.createBlock('core/paragraph', { content: 'H', fontSize: 'small', ...a , style: {typography: {textAlign: 'center'}}})));
  }
  require('fs').writeFileSync('/tmp/ux29/out.txt', out.join('\n\n'));
});
