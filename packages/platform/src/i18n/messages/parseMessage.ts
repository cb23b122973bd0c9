/** `#` inside a plural: the number, less the offset. */
export interface PoundNode {
  type: '#';
}

/** `{name}`, `{name, number, style}`, `{name, plural|selectordinal|select, …}`. */
export interface ArgumentNode {
  type: 'argument' | 'number' | 'plural' | 'selectordinal' | 'select';
  name: string;
  style?: string;
  offset?: number;
  options?: Record<string, MessageNode[]>;
}

/** A parsed message: literal text, arguments and plural counts, in order. */
export type MessageNode = string | PoundNode | ArgumentNode;

const SPACE = /\s/;
// Names stop at white space and ASCII punctuation other than "_", as in ICU's pattern syntax.
const NAME = /[^\s!-/:-@[-^`{-~]/;
const PLURAL_TYPES = ['plural', 'selectordinal'];

/**
 * Parses the ICU MessageFormat subset the platform formats: text with apostrophe quoting,
 * simple and `number` arguments, `plural` (with `=n`, `offset:` and `#`), `selectordinal` and
 * `select`. Anything else is a SyntaxError, which the caller turns into the fallback.
 */
export function parseMessage(text: string): MessageNode[] {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${at}`);
  };
  const skipSpace = () => {
    while (SPACE.test(text[at] ?? '')) at++;
  };
  const expect = (char: string) => {
    skipSpace();
    if (text[at] !== char) fail(`expected "${char}"`);
    at++;
  };
  const readWhile = (test: (char: string) => boolean) => {
    const start = at;
    while (at < text.length && test(text[at] as string)) at++;
    return text.slice(start, at);
  };
  const name = () => {
    skipSpace();
    return readWhile((c) => NAME.test(c)) || fail('expected a name');
  };

  function argument(): ArgumentNode {
    const argName = name();
    skipSpace();
    if (text[at] === '}') return at++, { type: 'argument', name: argName };
    expect(',');
    const type = name();
    skipSpace();
    if (type === 'number') {
      if (text[at] === '}') return at++, { type, name: argName };
      expect(',');
      const style = readWhile((c) => c !== '}').trim() || fail('expected a style');
      return expect('}'), { type, name: argName, style };
    }
    if (type !== 'select' && !PLURAL_TYPES.includes(type)) fail(`unsupported argument type "${type}"`);
    expect(',');
    skipSpace();
    // No prototype, so selectors such as "constructor" are options like any other.
    const options = Object.create(null) as Record<string, MessageNode[]>;
    const node: ArgumentNode = { type: type as ArgumentNode['type'], name: argName, offset: 0, options };
    if (type === 'plural' && text.startsWith('offset:', at)) {
      at += 7;
      skipSpace();
      node.offset = Number(readWhile((c) => /[-+\d]/.test(c)) || fail('expected an offset'));
    }
    for (;;) {
      skipSpace();
      if (text[at] === '}') break;
      const selector = readWhile((c) => !SPACE.test(c) && c !== '{' && c !== '}') || fail('expected a selector');
      if (options[selector]) fail(`duplicate selector "${selector}"`);
      expect('{');
      options[selector] = body(1, type);
      expect('}');
    }
    at++;
    if (!options.other) fail('missing "other"');
    return node;
  }

  // Text and arguments up to the "}" that closes the enclosing option (depth > 0) or the end.
  function body(depth: number, parentType: string): MessageNode[] {
    const nodes: MessageNode[] = [];
    let literal = '';
    const flush = () => {
      if (literal) nodes.push(literal);
      literal = '';
    };
    const inPlural = PLURAL_TYPES.includes(parentType);
    while (at < text.length) {
      const char = text[at] as string;
      const next = text[at + 1] ?? '';
      if (char === '{') {
        at++;
        flush();
        nodes.push(argument());
      } else if (char === '}' && depth > 0) {
        break;
      } else if (char === '#' && inPlural) {
        at++;
        flush();
        nodes.push({ type: '#' });
      } else if (char === "'" && next === "'") {
        at += 2;
        literal += "'";
      } else if (char === "'" && ('{}<>'.includes(next) || (next === '#' && inPlural)) && next) {
        // Quoted text runs to the next lone apostrophe; '' inside stands for one.
        at += 2;
        literal += next;
        while (at < text.length) {
          const quoted = text[at++] as string;
          if (quoted !== "'") literal += quoted;
          else if (text[at] === "'") {
            literal += "'";
            at++;
          } else break;
        }
      } else {
        literal += char;
        at++;
      }
    }
    if (depth > 0 && at >= text.length) fail('unclosed option');
    flush();
    return nodes;
  }

  return body(0, '');
}
