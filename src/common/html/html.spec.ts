import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { html } from './html';

describe('html templates', () => {
  it('escape every interpolated string, in text and in attributes', () => {
    const hostile = `<script>alert("x")</script>' onload='x' \`tick\` & more`;
    const markup = html`<p title="${hostile}">${hostile}</p>`.toString();
    assert.equal(markup.includes('<script>'), false);
    assert.equal(markup.includes(`"x"`), false);
    assert.equal(markup.includes(`' onload='`), false);
    assert.equal(
      markup,
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onload=&#39;x&#39; &#96;tick&#96; &amp; more">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onload=&#39;x&#39; &#96;tick&#96; &amp; more</p>',
    );
  });

  it('keep nested templates as markup and escape the strings inside them once', () => {
    const item = (name: string) => html`<li>${name}</li>`;
    assert.equal(html`<ul>${['a&b', '<c>'].map(item)}</ul>`.toString(), '<ul><li>a&amp;b</li><li>&lt;c&gt;</li></ul>');
  });

  it('render nothing for null, undefined and false, and numbers as text', () => {
    assert.equal(html`${null}${undefined}${false}${0}${12.5}`.toString(), '012.5');
  });

  it('cannot be fooled by an object that looks like markup', () => {
    const forged = { toString: () => '<b>forged</b>' } as unknown as string;
    assert.equal(html`${forged}`.toString(), '&lt;b&gt;forged&lt;/b&gt;');
  });
});
