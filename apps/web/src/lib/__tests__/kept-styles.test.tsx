import { CacheProvider, Global } from '@emotion/react';
import styled from '@emotion/styled';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createKeptStyleCache,
  keepStylesWhenLeaving,
  KEPT_STYLES_KEY,
  STYLE_ENGINE,
  type KeptStyleCache,
} from '../kept-styles';
import { FakeStorage } from '../../test/fake-storage';

/** The kept copy in the storage, read back. */
const keptIn = (storage: FakeStorage) =>
  JSON.parse(storage.values.get(KEPT_STYLES_KEY)!) as { engine: string; names: string[]; css: string };

const Tinted = styled.span({ color: 'rgb(1, 2, 3)' });
const Framed = styled.span({ border: '1px solid rgb(4, 5, 6)' });

// Each test its own emotion key, so that the documents it plays never see another test's style elements (the
// component project shares one jsdom).
let keys = 0;
const freshKey = () => `kept${String.fromCharCode(97 + keys++)}`;

/** The style elements emotion and the kept copy made for `key` (the document's state for that cache). */
const elementsOf = (key: string) => [
  ...document.head.querySelectorAll(`style[data-emotion="${key}"], style[data-emotion^="${key} "]`),
];

/** The end of a document: its elements go, what the storage holds stays. */
function leaveDocument(key: string) {
  cleanup();
  for (const element of elementsOf(key)) element.remove();
}

function show(kept: KeptStyleCache, ...components: (typeof Tinted)[]) {
  render(
    <CacheProvider value={kept.cache}>
      {components.map((Component, index) => (
        <Component key={index}>muestra {index}</Component>
      ))}
    </CacheProvider>,
  );
}

/** A storage holding what a first document kept after showing `Tinted` under `key`. */
function keptByAFirstDocument(key: string): FakeStorage {
  const storage = new FakeStorage();
  const first = createKeptStyleCache(storage, { key });
  show(first, Tinted);
  first.save();
  leaveDocument(key);
  return storage;
}

/**
 * A copy of one rule (Tinted's) and the next document's cache with room for one rule only: the border's rule is 11
 * characters longer than Tinted's, so it fits alone but not beside it.
 */
function roomForOneRule(key: string) {
  const storage = keptByAFirstDocument(key);
  const kept = createKeptStyleCache(storage, { key, maxChars: keptIn(storage).css.length + 20 });
  return { storage, kept };
}

/** The text of every rule emotion inserted for `key` in this document (hydrated elements excluded). */
const insertedText = (key: string) =>
  elementsOf(key)
    .filter((element) => !element.getAttribute('data-emotion')!.includes(' '))
    .map((element) => element.textContent)
    .join('');

describe('kept styles (emotion rules reused by the next document)', () => {
  afterEach(() => cleanup());

  it('keeps the rules a document made and gives them to the next one, which does not make them again', () => {
    const storage = new FakeStorage();
    const key = freshKey();

    const first = createKeptStyleCache(storage, { key });
    expect(first.restoredNames).toBe(0);
    show(first, Tinted);
    expect(insertedText(key)).toContain('color:rgb(1, 2, 3)');
    expect(first.heldChars).toBeGreaterThan(0);
    expect(first.save()).toBe(true);
    expect(first.heldChars).toBe(0);
    const kept = keptIn(storage);
    expect(kept.engine).toBe(STYLE_ENGINE);
    expect(kept.names).toHaveLength(1);
    expect(kept.css).toContain(`.${key}-${kept.names[0]}{color:rgb(1, 2, 3);}`);
    // Nothing new since: nothing written.
    expect(first.save()).toBe(false);
    leaveDocument(key);

    const second = createKeptStyleCache(storage, { key });
    expect(second.restoredNames).toBe(1);
    const restored = elementsOf(key);
    expect(restored).toHaveLength(1);
    expect(restored[0]!.getAttribute('data-emotion')).toBe(`${key} ${kept.names[0]}`);
    show(second, Tinted);
    expect(screen.getByText('muestra 0').className).toBe(`${key}-${kept.names[0]}`);
    expect(insertedText(key)).toBe('');
    expect(second.save()).toBe(false);
    leaveDocument(key);
  });

  it('discards a copy the app would not have written: neither shown nor saved again', () => {
    const key = freshKey();
    const real = keptIn(keptByAFirstDocument(key));
    const name = real.names[0]!;
    const warning = '"Aviso: su cuenta fue bloqueada"';
    const crafted = [
      // The probe's: CSS for the headings, under a made-up name.
      { names: ['x1'], css: `h1::before{content:${warning}}` },
      // A real name's class, with text of its own.
      { names: [name], css: `${real.css}.${key}-${name}::before{content:${warning}}` },
      // A real name beside a rule for everything else.
      { names: [name], css: `${real.css}.${key}-${name},body *{visibility:hidden}` },
      // Text through keyframes, an image, a font, a rule nested in emotion's.
      { names: [name], css: `@keyframes animation-x{to{content:${warning}}}` },
      { names: [name], css: `.${key}-${name}{background:url(data:image/svg+xml,x)}` },
      { names: [name], css: `@font-face{font-family:x;src:local(Arial)}.${key}-${name}{color:red}` },
      { names: [name], css: `.${key}-${name}{color:red;& h1{color:blue}}` },
    ];
    for (const value of crafted) {
      const storage = new FakeStorage();
      storage.setItem(KEPT_STYLES_KEY, JSON.stringify({ engine: STYLE_ENGINE, ...value }));
      const next = createKeptStyleCache(storage, { key });
      expect(next.restoredNames, value.css).toBe(0);
      expect(elementsOf(key), value.css).toHaveLength(0);
      expect(storage.values.has(KEPT_STYLES_KEY), value.css).toBe(false);
      // What the document makes is kept, and only that.
      show(next, Framed);
      expect(next.save()).toBe(true);
      expect(keptIn(storage).css).not.toMatch(/Aviso|url|font-face|visibility|h1/);
      leaveDocument(key);
    }
    // The app's own copy, as it wrote it, is taken, with the rules emotion writes with its class inside a selector.
    const storage = new FakeStorage();
    const inside = `.MuiTypography-root:where(.${key}-${name} .MuiListItemText-primary){display:block;}`;
    storage.setItem(KEPT_STYLES_KEY, JSON.stringify({ ...real, css: `${real.css}${inside}` }));
    expect(createKeptStyleCache(storage, { key }).restoredNames).toBe(1);
    leaveDocument(key);
  });

  it('adds the rules a later document makes to the copy, after the ones it had', () => {
    const key = freshKey();
    const storage = keptByAFirstDocument(key);

    const second = createKeptStyleCache(storage, { key });
    show(second, Tinted, Framed);
    expect(insertedText(key)).toContain('border:1px solid rgb(4, 5, 6)');
    expect(insertedText(key)).not.toContain('color:rgb(1, 2, 3)');
    expect(second.save()).toBe(true);
    const kept = keptIn(storage);
    expect(kept.names).toHaveLength(2);
    expect(kept.css.indexOf('color:rgb(1, 2, 3)')).toBeLessThan(kept.css.indexOf('border:1px solid'));
    leaveDocument(key);

    const third = createKeptStyleCache(storage, { key });
    show(third, Framed, Tinted);
    expect(insertedText(key)).toBe('');
    leaveDocument(key);
  });

  it('does not keep the global styles: emotion makes them in sheets of their own', () => {
    const storage = new FakeStorage();
    const key = freshKey();
    const kept = createKeptStyleCache(storage, { key });
    render(
      <CacheProvider value={kept.cache}>
        <Global styles={{ '.kept-global-probe': { outline: '3px dotted rgb(7, 8, 9)' } }} />
        <Tinted>muestra</Tinted>
      </CacheProvider>,
    );
    kept.save();
    expect(keptIn(storage).css).not.toContain('rgb(7, 8, 9)');
    expect(keptIn(storage).names).toHaveLength(1);
    leaveDocument(key);
  });

  it.each([
    ['not JSON', '{'],
    ['another style engine', JSON.stringify({ engine: 'otro', names: ['abc'], css: '.x{}' })],
    ['a name that is not one', JSON.stringify({ engine: STYLE_ENGINE, names: ['a b'], css: '.x{}' })],
    ['a name with markup', JSON.stringify({ engine: STYLE_ENGINE, names: ['"><script>'], css: '.x{}' })],
    ['names that are not a list', JSON.stringify({ engine: STYLE_ENGINE, names: 'abc', css: '.x{}' })],
    ['CSS that is not text', JSON.stringify({ engine: STYLE_ENGINE, names: ['abc'], css: 7 })],
    [
      'more CSS than the bound',
      JSON.stringify({ engine: STYLE_ENGINE, names: ['abc'], css: 'x'.repeat(101) }),
    ],
  ])('ignores a copy with %s and makes the styles as before', (_what, raw) => {
    const storage = new FakeStorage();
    storage.values.set(KEPT_STYLES_KEY, raw);
    const key = freshKey();
    const kept = createKeptStyleCache(storage, { key, maxChars: 100 });
    expect(kept.restoredNames).toBe(0);
    expect(elementsOf(key)).toHaveLength(0);
    show(kept, Tinted);
    expect(insertedText(key)).toContain('color:rgb(1, 2, 3)');
    expect(kept.save()).toBe(true);
    expect(keptIn(storage).names).toHaveLength(1);
    leaveDocument(key);
  });

  it('stays within its bound: past it the copy starts again from the document’s own rules, or is dropped', () => {
    const key = freshKey();
    // The second document's new rule replaces the copy.
    const { storage, kept: second } = roomForOneRule(key);
    expect(second.restoredNames).toBe(1);
    show(second, Framed);
    expect(second.save()).toBe(true);
    expect(keptIn(storage).names).toHaveLength(1);
    expect(keptIn(storage).css).toContain('border:1px solid');
    expect(keptIn(storage).css).not.toContain('color:rgb(1, 2, 3)');
    leaveDocument(key);

    // Not even room for what the document made: nothing is kept.
    const third = createKeptStyleCache(storage, { key, maxChars: 10 });
    show(third, Tinted);
    expect(third.save()).toBe(false);
    expect(storage.values.has(KEPT_STYLES_KEY)).toBe(false);
    leaveDocument(key);
  });

  it('holds no more than its bound in memory: a document that made more keeps nothing, and its styles still show', () => {
    const key = freshKey();
    // The copy (one rule) fits; this document's two new rules do not.
    const { storage, kept } = roomForOneRule(key);
    const Outlined = styled.span({ outline: '2px solid rgb(10, 11, 12)' });
    show(kept, Tinted, Framed, Outlined);
    expect(insertedText(key)).toContain('border:1px solid');
    expect(insertedText(key)).toContain('outline:2px solid');
    expect(kept.heldChars).toBe(0);
    expect(kept.save()).toBe(false);
    expect(storage.values.has(KEPT_STYLES_KEY)).toBe(false);
    leaveDocument(key);
  });

  it('works on without a storage, or with one that refuses', () => {
    const key = freshKey();
    const none = createKeptStyleCache(undefined, { key });
    show(none, Tinted);
    expect(none.save()).toBe(false);
    leaveDocument(key);

    const storage = new FakeStorage();
    storage.failReads = true;
    storage.failWrites = true;
    const refused = createKeptStyleCache(storage, { key });
    show(refused, Tinted);
    expect(insertedText(key)).toContain('color:rgb(1, 2, 3)');
    expect(refused.save()).toBe(false);
    leaveDocument(key);
  });

  it('saves when the page is left or hidden', () => {
    const storage = new FakeStorage();
    const key = freshKey();
    const kept = createKeptStyleCache(storage, { key });
    const stopKeeping = keepStylesWhenLeaving(kept);
    show(kept, Tinted);
    window.dispatchEvent(new Event('pagehide'));
    expect(keptIn(storage).names).toHaveLength(1);

    show(kept, Framed);
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      Object.defineProperty(document, 'visibilityState', visibility);
    }
    expect(keptIn(storage).names).toHaveLength(2);
    stopKeeping();
    leaveDocument(key);
  });
});
