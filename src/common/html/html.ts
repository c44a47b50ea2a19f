/**
 * HTML templates as tagged template literals, escaped by default: every value
 * interpolated into html`...` is escaped unless it is itself the output of
 * html`...`, so a template cannot forget to escape. There is no way to mark a
 * string as safe other than writing it in a template.
 */
const MARKUP = Symbol('markup');

/** Markup written in a template; only html`...` makes one (the symbol is not exported). */
export interface SafeHtml {
  readonly [MARKUP]: string;
  toString(): string;
}

function safe(markup: string): SafeHtml {
  return { [MARKUP]: markup, toString: () => markup };
}

function isSafe(value: object): value is SafeHtml {
  return MARKUP in value;
}

/** What a template may interpolate: markup, text (escaped), numbers, nothing (null, undefined, false), or lists of them. */
export type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (character) => ESCAPES[character]);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object' && isSafe(value)) return value[MARKUP];
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let markup = strings[0];
  for (let index = 0; index < values.length; index += 1) markup += render(values[index]) + strings[index + 1];
  return safe(markup);
}

/**
 * A <style> element for a stylesheet written in the code. Style is raw text,
 * where escaping does not apply; nothing a user typed belongs here.
 */
export function styleElement(css: string): SafeHtml {
  if (/<\/style/i.test(css)) throw new Error('a stylesheet cannot contain </style');
  return safe(`<style>${css}</style>`);
}
