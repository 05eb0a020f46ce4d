/**
 * The CSS of MUI's components, kept in the browser between documents.
 *
 * Emotion makes every style it shows in the browser: it serializes a component's styles, hashes them into a class
 * name, compiles them with stylis and inserts them rule by rule. A repeat visit to /pagos made about 1,050 rules
 * (189 KB) again in every new document. The class names are hashes of the styles, so a rule made once is the
 * same rule in the next document: this module keeps the rules this browser made (localStorage, bounded) and hands
 * them to the next document's emotion cache as one `<style>` element, the way emotion rehydrates server-rendered
 * styles. Emotion then marks those names as inserted and skips compiling and inserting them; the browser parses
 * the element natively. A rule the kept copy lacks is made as before and kept for the next document.
 *
 * Everything here is tolerant: no storage, a full quota or a corrupt value only means the styles are made as
 * before. The copy is keyed by the style engine's versions (`STYLE_ENGINE`): another emotion or stylis may compile
 * the same styles differently, so their copy is dropped.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { readJson, removeKey, writeJson, type KeyValueStorage } from './web-storage';

/** Where the copy lives (localStorage: it outlives the tab, like the kept preferences). */
export const KEPT_STYLES_KEY = 'backoffice.styles';

/** The emotion cache's key: its classes are `bo-<hash>`, and only elements with this key are rehydrated. */
export const EMOTION_KEY = 'bo';

/**
 * At most this many characters of CSS are kept (the whole app's screens make about 400 K); past it the copy starts
 * again from what the current document made. It is read on every visit, so it stays small.
 */
export const KEPT_STYLES_MAX_CHARS = 600_000;

/** The versions the kept rules were compiled with (vite.config.ts `define`). */
declare const __STYLE_ENGINE__: string;
export const STYLE_ENGINE: string = typeof __STYLE_ENGINE__ === 'string' ? __STYLE_ENGINE__ : 'unknown';

interface KeptStyles {
  engine: string;
  /** Emotion's names (the part after `bo-`) whose rules are in `css`. */
  names: string[];
  css: string;
}

function decode(value: unknown, engine: string, maxChars: number): KeptStyles | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { engine: keptEngine, names, css } = value as Record<string, unknown>;
  if (keptEngine !== engine || typeof css !== 'string' || !Array.isArray(names)) return undefined;
  // A name goes into an attribute split on spaces: anything but emotion's [\w-] is not one of ours.
  if (!names.every((name) => typeof name === 'string' && /^[\w-]+$/.test(name))) return undefined;
  if (css.length > maxChars) return undefined;
  return { engine, names: names as string[], css };
}

/**
 * What emotion's rules never hold and a crafted copy would need to show anything of its own (such a copy
 * could put a fake warning on every heading): an image or another sheet brought in, a script-like value.
 */
const FOREIGN_CSS = /url\s*\(|image-set\s*\(|@import|expression\s*\(|javascript:/i;
/** A generated `content` MUI uses: empty, a zero-width or no-break space; never text an operator could read. */
const BLANK_CONTENT = /^(?:none|normal|"[\s\u00a0\u200b]*"|'[\s\u00a0\u200b]*')$/;

/** Whether a declaration block sets no readable `content`. */
const blankContent = (style: CSSStyleDeclaration | undefined): boolean => {
  const content = style?.getPropertyValue('content').trim() ?? '';
  return content === '' || BLANK_CONTENT.test(content);
};

/** The selectors of a list, split at its top-level commas (not those inside `:is(...)`, `:not(...)`). */
function selectorsOf(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      selectors.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  selectors.push(list.slice(start).trim());
  return selectors;
}

/**
 * Whether every rule of the kept copy, as the browser parsed it, is one emotion makes for the copy's own names: a
 * style rule each of whose selectors names the class of a listed name (`.bo-<name>`: emotion puts it where the
 * component's `&` is, first or inside, `.MuiX:where(.bo-<name> .MuiY)`; nothing nested in the rule), a condition
 * (`@media`, `@supports`, `@container`) holding only such rules, or emotion's keyframes (`animation-<hash>`); none
 * sets readable `content`. Anything else (a rule for `h1` or `body *`, a font, an import, a page rule) is not
 * emotion's for its names: the copy was not written by the app.
 */
function madeByEmotion(
  rules: CSSRuleList | undefined,
  classes: ReadonlySet<string>,
  classPattern: RegExp,
): boolean {
  if (!rules) return false;
  for (const rule of Array.from(rules)) {
    const item = rule as CSSRule & {
      selectorText?: string;
      style?: CSSStyleDeclaration;
      cssRules?: CSSRuleList;
      name?: string;
      keyText?: string;
      media?: unknown;
      conditionText?: string;
    };
    if (typeof item.selectorText === 'string') {
      if (item.cssRules && item.cssRules.length > 0) return false; // emotion's rules are flat
      if (!blankContent(item.style)) return false;
      const ours = selectorsOf(item.selectorText).every((selector) =>
        Array.from(selector.matchAll(classPattern)).some((match) => classes.has(match[1]!)),
      );
      if (!ours) return false;
    } else if (typeof item.name === 'string' && item.cssRules) {
      if (!item.name.startsWith('animation-')) return false;
      if (!Array.from(item.cssRules).every((frame) => blankContent((frame as CSSStyleRule).style)))
        return false;
    } else if ((item.media !== undefined || typeof item.conditionText === 'string') && item.cssRules) {
      if (!madeByEmotion(item.cssRules, classes, classPattern)) return false;
    } else {
      return false;
    }
  }
  return true;
}

export interface KeptStyleCache {
  readonly cache: EmotionCache;
  /** How many styles (emotion names, each one or more rules) came from the kept copy (0 when there was none). */
  readonly restoredNames: number;
  /** Characters of CSS made since the last save and held for the next one (never more than the bound). */
  readonly heldChars: number;
  /** Writes what this document made to the storage; false when there was nothing new or it was refused. */
  save(): boolean;
}

/**
 * Creates the document's emotion cache with the kept rules in place, and keeps every rule it makes from then on.
 * `save()` is for the moments a document may end (`pagehide`, a hidden tab): see `keepStylesWhenLeaving`.
 * `key` (emotion's, and so the classes' prefix) and `maxChars` are there for tests.
 */
export function createKeptStyleCache(
  storage: KeyValueStorage | undefined,
  {
    engine = STYLE_ENGINE,
    key = EMOTION_KEY,
    maxChars = KEPT_STYLES_MAX_CHARS,
  }: { engine?: string; key?: string; maxChars?: number } = {},
): KeptStyleCache {
  let kept = decode(readJson(storage, KEPT_STYLES_KEY), engine, maxChars);
  if (kept && kept.names.length > 0) {
    // Emotion rehydrates the elements of the document whose `data-emotion` is its key and then the names their
    // rules belong to (server-rendered styles: node_modules/@emotion/cache). `textContent`: the copy is CSS, never
    // markup.
    const element = document.createElement('style');
    element.setAttribute('data-emotion', `${key} ${kept.names.join(' ')}`);
    element.textContent = kept.css;
    document.head.appendChild(element);
    // Checked as the browser parsed it, before emotion takes it: a copy the app would not have written
    // is removed from the document and the storage, so it is neither shown nor saved again.
    const classes = new Set(kept.names.map((name) => `${key}-${name}`));
    const classPattern = new RegExp(`\\.(${key}-[\\w-]+)`, 'g');
    if (FOREIGN_CSS.test(kept.css) || !madeByEmotion(element.sheet?.cssRules, classes, classPattern)) {
      element.remove();
      removeKey(storage, KEPT_STYLES_KEY);
      kept = undefined;
    }
  }
  const cache = createCache({ key });

  // What this document made: the rules emotion inserts into its own sheet, and the names they were inserted
  // under. The global styles (CssBaseline) go to sheets of their own and are not kept: emotion makes those anew.
  // Held in memory until saved, within the same bound as the copy: a document that makes more keeps nothing.
  const newNames: string[] = [];
  const newRules: string[] = [];
  let newChars = 0;
  let overflowed = false;
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (
      !overflowed &&
      shouldCache &&
      sheet === cache.sheet &&
      cache.inserted[serialized.name] === undefined
    ) {
      newNames.push(serialized.name);
    }
    return insert(selector, serialized, sheet, shouldCache);
  };
  const sheet = cache.sheet;
  const insertRule = sheet.insert.bind(sheet);
  sheet.insert = (rule) => {
    if (!overflowed) {
      newChars += rule.length;
      overflowed = newChars > maxChars;
      if (overflowed) {
        newNames.length = 0;
        newRules.length = 0;
      } else newRules.push(rule);
    }
    insertRule(rule);
  };

  let keptNames = kept?.names ?? [];
  let keptCss = kept?.css ?? '';
  return {
    cache,
    restoredNames: keptNames.length,
    get heldChars() {
      return overflowed ? 0 : newChars;
    },
    save() {
      if (overflowed) {
        try {
          storage?.removeItem(KEPT_STYLES_KEY);
        } catch {
          // nothing to do: the next document makes its styles
        }
        return false;
      }
      if (newNames.length === 0) return false;
      const madeCss = newRules.join('');
      let names = keptNames.concat(newNames);
      let css = keptCss + madeCss;
      if (css.length > maxChars) {
        // Start again from this document's own rules (the ones it took from the copy are not known apart).
        names = newNames.slice();
        css = madeCss;
      }
      if (!writeJson(storage, KEPT_STYLES_KEY, { engine, names, css } satisfies KeptStyles)) return false;
      keptNames = names;
      keptCss = css;
      newNames.length = 0;
      newRules.length = 0;
      newChars = 0;
      return true;
    },
  };
}

/**
 * Saves the kept styles when the document may end: it is hidden (a tab switched, the window closed) or left.
 * Returns what stops it (tests).
 */
export function keepStylesWhenLeaving(kept: KeptStyleCache): () => void {
  const save = () => void kept.save();
  const saveWhenHidden = () => {
    if (document.visibilityState === 'hidden') save();
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', saveWhenHidden);
  return () => {
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', saveWhenHidden);
  };
}
