import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the small set of formatting an answer needs', () => {
    const html =
      '<h2>배송 안내</h2><p>안녕하세요, <strong>포도</strong>입니다. <em>빈티지</em>는 <u>2019</u>이고 <s>2018</s>은 품절입니다.<br>감사합니다.</p>' +
      '<ul><li>하나</li></ul><ol><li>둘</li></ol><h3>셋</h3><h4>넷</h4><blockquote>인용</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps http, https and mailto links, adds rel and drops target', () => {
    expect(sanitizeRichText('<a href="https://podo.example/wines?id=1" target="_blank">와인</a>')).toBe(
      '<a href="https://podo.example/wines?id=1" rel="noopener nofollow">와인</a>',
    );
    expect(sanitizeRichText('<a href="mailto:sales@podo.example" rel="opener">메일</a>')).toBe(
      '<a href="mailto:sales@podo.example" rel="noopener nofollow">메일</a>',
    );
    expect(sanitizeRichText('<a href="http://example.com">x</a>')).toBe('<a href="http://example.com/" rel="noopener nofollow">x</a>');
  });

  it('keeps pictures from this site’s own file and media paths only', () => {
    expect(sanitizeRichText('<img src="/api/v1/file-download?id=1f0c&amp;filename=a.jpg" alt="라벨" width="9">')).toBe(
      '<img src="/api/v1/file-download?id=1f0c&amp;filename=a.jpg" alt="라벨">',
    );
    expect(sanitizeRichText('<img src="/api/v1/media/wines/7.webp" alt="">')).toBe('<img src="/api/v1/media/wines/7.webp" alt="">');
    for (const src of [
      'https://evil.example/a.png',
      '//evil.example/api/v1/media/a.png',
      '/\\evil.example/api/v1/media/a.png',
      '/api/v1/media/../../admin/members',
      '/api/v1/file-download/../me/certificate',
      '/api/v1/me/certificate',
      'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+',
      'javascript:alert(1)',
      ' java\tscript:alert(1)',
    ]) {
      expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
  });

  it.each([
    ['a script', '<p>hi</p><script>alert(document.cookie)</script>', '<p>hi</p>'],
    ['an event handler', '<p onclick="alert(1)" onmouseover="alert(2)">hi</p>', '<p>hi</p>'],
    ['an image error handler', '<img src="/api/v1/media/x.png" onerror="alert(1)">', '<img src="/api/v1/media/x.png">'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['a javascript: link with a tab inside', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['a relative link', '<a href="/logout">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['style attributes and tags', '<p style="background:url(javascript:alert(1))">x</p><style>p{}</style>', '<p>x</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['an svg with a script', '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>', ''],
    ['svg onload', '<svg onload=alert(1)>', ''],
    ['math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['a form', '<form action="https://evil.example"><input name="pw"><button>go</button></form>', 'go'],
    ['an object', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
    ['a base', '<base href="https://evil.example/">', ''],
    ['a comment breaking out', '<!--<img src="--><img src=x onerror=alert(1)//">', ''],
    ['mutation XSS through noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
    ['unclosed tags', '<p><strong>x', '<p><strong>x</strong></p>'],
    ['classes, ids and data attributes', '<p class="a" id="b" data-x="c">x</p>', '<p>x</p>'],
  ])('takes out %s', (_what, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('keeps the text of tags it does not allow, and escapes what is text', () => {
    expect(sanitizeRichText('<div><span>글자</span></div>')).toBe('글자');
    expect(sanitizeRichText('1 < 2 & "3" > 0')).toBe('1 &lt; 2 &amp; "3" &gt; 0');
  });
});
