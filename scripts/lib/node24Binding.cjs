// Preloaded (--require) by the Node 24 test run (node24.mjs): better-sqlite3 in node_modules holds
// a binding built for the Node that installed it, which Node 24 cannot load (another ABI). Every
// load of that binding in this process tree gets the copy built for Node 24 instead.
const binding = process.env.TARMAC_SQLITE_BINDING;
const dlopen = process.dlopen;
if (binding) {
  process.dlopen = function (module, filename, ...rest) {
    return dlopen.call(this, module, filename.endsWith('better_sqlite3.node') ? binding : filename, ...rest);
  };
}
