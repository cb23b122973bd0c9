// Errors of every frame kind the logger's stack parser must read: named, anonymous, method,
// constructor, async, eval and Function code. collect.mjs runs this file in each engine and
// bundler and saves the stacks they print as the parser's fixtures. Every throw carries its case
// name, so a test finds the line it came from.

function namedFunction() {
  throw new Error('case:named');
}

const anonymous = [
  () => {
    throw new Error('case:anonymous');
  },
];

const Foo = {
  bar() {
    throw new Error('case:method');
  },
};

class FareList {
  constructor(fail) {
    if (fail) throw new Error('case:constructor');
  }
}

async function loadResults() {
  await null;
  throw new Error('case:async');
}

function withArgs(count) {
  if (count > 0) throw new Error('case:args');
}

const stackOf = (run) => {
  try {
    run();
  } catch (error) {
    return error.stack;
  }
};

/**
 * Every case's stack, by case name. `tag` ends the eval'd sources: V8 reuses code compiled from
 * an identical string, and would name the first bundle's eval site for every later one.
 */
export async function collectStacks(tag) {
  const stacks = {
    named: stackOf(() => namedFunction()),
    anonymous: stackOf(() => anonymous[0]()),
    method: stackOf(() => Foo.bar()),
    constructor: stackOf(() => new FareList(true)),
    args: stackOf(() => withArgs(1)),
    nested: stackOf(() => [1].map(() => namedFunction())),
    eval: stackOf(() => (0, eval)(`(function evalled() { throw new Error('case:eval'); })()//${tag}`)),
    function: stackOf(() => new Function(`throw new Error('case:function')//${tag}`)()),
  };
  stacks.async = await loadResults().catch((error) => error.stack);
  return stacks;
}

/** Sends the stacks to the collector that served this page. */
export async function report(bundle) {
  const stacks = await collectStacks(bundle);
  await fetch('/report', { method: 'POST', body: JSON.stringify({ bundle, stacks }) });
}
