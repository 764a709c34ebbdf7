// Content is the writer's text: finding and rewriting its URLs never throws, whatever it
// holds, and a URL at the end of a sentence does not take the full stop with it.
import { describe, expect, it } from 'vitest';
import { rewriteMedia, uploadsPath, urlsIn } from '../../electron/remote/media/media-refs.ts';

describe('URLs in content', () => {
  it('a URL ending a sentence (WordPress\'s own privacy page) is found without its punctuation', () => {
    const text = 'Our website address is: http://127.0.0.1:8881. Also open http://localhost:3000, or http://x.test/a.jpg!';
    expect(urlsIn(text)).toEqual(['http://127.0.0.1:8881', 'http://localhost:3000', 'http://x.test/a.jpg']);
    expect(rewriteMedia(text, (url) => (url === 'http://x.test/a.jpg' ? 'http://y.test/b.jpg' : undefined), () => undefined))
      .toBe('Our website address is: http://127.0.0.1:8881. Also open http://localhost:3000, or http://y.test/b.jpg!');
  });

  it('text that only looks like a URL is left as it is, and nothing throws', () => {
    const odd = ['http://127.0.0.1:99999/x', 'http://[::1', 'https://exa mple', 'http://%zz/uploads/%E0%A4%A.jpg', 'http://:80', 'https://a.test:port/'];
    for (const text of odd) {
      expect(() => urlsIn(text)).not.toThrow();
      expect(() => uploadsPath(text)).not.toThrow();
      expect(rewriteMedia(text, () => undefined, () => undefined)).toBe(text);
    }
    expect(urlsIn(odd.join(' '))).toEqual(['https://exa']);
  });

  it('random text never makes them throw', () => {
    // A fixed-seed generator: the same texts every run.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'http://s:./%[]@?#&;,!"\'<>()0123456789abc \n';
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: 40 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(() => {
        for (const url of urlsIn(text)) uploadsPath(url);
        rewriteMedia(text, (url) => `${url}#x`, (id) => id + 1);
      }).not.toThrow();
    }
  });
});
