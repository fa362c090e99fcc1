// The JavaScript half of the runtime, run in every fresh runtime before the
// model's code. It returns what the Go half installs: Vec3 (the API of the
// npm package vec3 that MINDcraft exposes) and the guards the instrumented
// code calls (guard.go).
//
// Before that it bounds every builtin that goja runs in Go without looking
// at its interrupt, or that recurses in Go, so that a limit holds there
// too: a builtin that would make a string longer than maxLength throws
// RangeError: Invalid string length before it allocates (join, concat,
// repeat, pad, replace, String.raw, JSON.stringify) or right after, for
// those that grow their input by a small factor (encodeURI, toUpperCase,
// ...); one that would walk or allocate an array longer than maxArray
// throws RangeError: Invalid array length (every Array.prototype method,
// the array iterator that spread, destructuring, for-of, Set, Map and
// Array.from use); an argument list longer than V8's stack allows (apply,
// Reflect.apply and construct, and spread into a call through guardArgs)
// throws RangeError: Maximum call stack size exceeded; sorting compares in
// JavaScript, where the interrupt reaches it; JSON nests at most maxDepth
// deep, and bound functions, proxies and prototype chains at most maxDepth
// long. Code generation from strings (eval, Function) is off, as node's
// --disallow-code-generation-from-strings has it, since such code would
// escape the instrumentation.
//
// The builtins that work in proportion to their input charge the step
// budget (Limits.Steps) for it through hooks.charge, before they work
// where the cost is known, in steps that cost about what a loop iteration
// does (measured): one per array element walked or argument passed, two
// per key listed, four per element or character iterated (the iterator
// protocol), eight per element flat walks and sixteen per element join or
// JSON.stringify writes (they loop in JavaScript here), one per
// charsPerStep characters read or made, n·log2(n) for a sort; the
// instrumented code counts loop iterations and calls.
(function (maxLength, maxArray, maxDepth, hooks) {
  'use strict';

  const maxArgs = 1 << 16;

  // The originals, taken before anything is wrapped.
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const defineProperty = Object.defineProperty;
  const getPrototypeOf = Object.getPrototypeOf;
  const ownKeys = Reflect.ownKeys;
  const isArray = Array.isArray;
  const origJoin = Array.prototype.join;
  const origPush = Array.prototype.push;
  const origIncludes = Array.prototype.includes;
  const origSort = Array.prototype.sort;
  const origStringify = JSON.stringify;
  const origParse = JSON.parse;
  const origKeys = Object.keys;
  const origHas = Set.prototype.has;
  const origAdd = Set.prototype.add;
  const origDelete = Set.prototype.delete;
  const WeakMapGet = WeakMap.prototype.get;
  const WeakMapSet = WeakMap.prototype.set;
  const OrigSet = Set;
  const OrigWeakMap = WeakMap;
  const OrigProxy = Proxy;

  const stringRange = () => new RangeError('Invalid string length');
  const arrayRange = () => new RangeError('Invalid array length');
  const stackRange = () => new RangeError('Maximum call stack size exceeded');
  const isObject = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function';
  const push = (a, v) => apply(origPush, a, [v]);
  // toStr is ToString: String() but for symbols, which it refuses.
  const toStr = (v) => {
    if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
    return String(v);
  };
  const checkString = (s) => {
    if (typeof s === 'string' && s.length > maxLength) throw stringRange();
    return s;
  };
  // lengthOf is ToLength(o.length).
  const lengthOf = (o) => {
    const n = Math.trunc(Number(o.length));
    return n > 0 ? Math.min(n, 2 ** 53 - 1) : 0;
  };
  // checkArray returns the length of an array or array-like it allows.
  const checkArray = (o) => {
    if (o === null || o === undefined) return 0;
    const n = lengthOf(Object(o));
    if (n > maxArray) throw arrayRange();
    return n;
  };
  // charge counts steps of work (a Go call: only when there are some);
  // chars is the steps for n characters.
  const charge = (n) => {
    if (n > 0) hooks.charge(n);
  };
  const charsPerStep = hooks.charsPerStep;
  const chars = (n) => Math.floor(n / charsPerStep);
  const iterated = 4; // the steps of an element iterated
  const written = 16; // the steps of an element join or JSON.stringify writes
  const chargeString = (s) => {
    if (typeof s === 'string') charge(chars(s.length));
    return s;
  };

  const define = (o, name, value) => defineProperty(o, name, { value, writable: true, configurable: true });
  // method names a function as a builtin method is named.
  const method = (name, f) => {
    defineProperty(f, 'name', { value: typeof name === 'symbol' ? '[' + name.description + ']' : name });
    return f;
  };
  const wrap = (o, name, check) => {
    const original = o[name];
    define(o, name, method(name, { m(...args) {
      check(this, args);
      return apply(original, this, args);
    } }.m));
  };
  // wrapResult checks what a builtin made: those that grow their input by
  // a small factor, so the allocation itself stays bounded.
  const wrapResult = (o, name) => {
    const original = o[name];
    define(o, name, method(name, { m(...args) {
      return chargeString(checkString(apply(original, this, args)));
    } }.m));
  };

  // ToPrimitive, as + (hint default) and a template (hint string) apply it.
  const toPrimitive = (v, hint) => {
    const exotic = v[Symbol.toPrimitive];
    if (exotic !== undefined && exotic !== null) {
      const r = apply(exotic, v, [hint]);
      if (isObject(r)) throw new TypeError('Cannot convert object to primitive value');
      return r;
    }
    for (const name of hint === 'string' ? ['toString', 'valueOf'] : ['valueOf', 'toString']) {
      const f = v[name];
      if (typeof f === 'function') {
        const r = apply(f, v, []);
        if (!isObject(r)) return r;
      }
    }
    throw new TypeError('Cannot convert object to primitive value');
  };
  // The guards of instrumented code (guard.go): an operand of + or +=, a
  // substitution of a template, an object's __proto__ or a superclass.
  // The inline check of a string runs before these, which see objects
  // (and what a name holds that is not a string).
  const guardOf = (hint) => (v) => checkString(isObject(v) ? toPrimitive(v, hint) : v);
  const guardStr = guardOf('default');
  const guardTpl = guardOf('string');
  const guardProto = (p) => {
    for (const o of [p, isObject(p) && typeof p === 'function' ? p.prototype : null]) {
      let n = 0;
      for (let x = o; isObject(x); x = getPrototypeOf(x)) {
        if (++n > maxDepth) throw stackRange();
      }
    }
    return p;
  };

  // Strings.
  wrap(String.prototype, 'repeat', (s, [n]) => {
    const length = String(s).length * Math.trunc(Number(n));
    if (length > maxLength) throw stringRange();
    charge(chars(length));
  });
  for (const name of ['padStart', 'padEnd']) {
    wrap(String.prototype, name, (s, [n]) => {
      if (Number(n) > maxLength) throw stringRange();
      charge(chars(Number(n)));
    });
  }
  {
    const original = String.prototype.concat;
    define(String.prototype, 'concat', method('concat', { m(...args) {
      if (this === null || this === undefined) return apply(original, this, args);
      const parts = [toStr(this)];
      let total = parts[0].length;
      for (const a of args) {
        const s = toStr(a);
        if ((total += s.length) > maxLength) throw stringRange();
        push(parts, s);
      }
      charge(chars(total));
      return apply(origJoin, parts, ['']);
    } }.m));
  }
  // replace and replaceAll call a function for each match, which adds up
  // what the replacements make before the result is built; a replacement
  // string is expanded as GetSubstitution does.
  const substitution = (replacement, matched, str, position, captures, groups) => {
    const parts = [];
    let total = 0;
    const add = (s) => {
      if ((total += s.length) > maxLength) throw stringRange();
      push(parts, s);
    };
    for (let i = 0; i < replacement.length; i++) {
      const next = replacement.indexOf('$', i);
      if (next < 0) {
        add(replacement.slice(i));
        break;
      }
      if (next > i) add(replacement.slice(i, next));
      i = next;
      const d = replacement[i + 1];
      if (d === undefined) {
        add('$');
      } else if (d === '$') {
        add('$');
        i++;
      } else if (d === '&') {
        add(matched);
        i++;
      } else if (d === '`') {
        add(str.slice(0, position));
        i++;
      } else if (d === "'") {
        add(str.slice(Math.min(position + matched.length, str.length)));
        i++;
      } else if (d >= '0' && d <= '9') {
        const two = replacement.slice(i + 1, i + 3);
        let n = Number(two);
        let len = 2;
        if (!(two.length === 2 && two[1] >= '0' && two[1] <= '9' && n >= 1 && n <= captures.length)) {
          n = Number(d);
          len = 1;
        }
        if (n >= 1 && n <= captures.length) {
          const cap = captures[n - 1];
          add(cap === undefined ? '' : cap);
          i += len;
        } else {
          add('$');
        }
      } else if (d === '<' && groups !== undefined) {
        const close = replacement.indexOf('>', i + 2);
        if (close < 0) {
          add('$');
        } else {
          const v = groups[replacement.slice(i + 2, close)];
          add(v === undefined ? '' : toStr(v));
          i = close;
        }
      } else {
        add('$');
      }
    }
    return apply(origJoin, parts, ['']);
  };
  for (const name of ['replace', 'replaceAll']) {
    const original = String.prototype[name];
    define(String.prototype, name, method(name, { m(search, replaceValue) {
      const custom = isObject(search) && !(search instanceof RegExp);
      if (this === null || this === undefined || custom) {
        return chargeString(checkString(apply(original, this, [search, replaceValue])));
      }
      chargeString(this);
      let total = 0;
      const count = (s) => {
        if ((total += s.length) > maxLength) throw stringRange();
        return s;
      };
      // Each replacement is charged what it costs here: about 8 loop
      // iterations' time to call a function, 64 to expand a string.
      let replacer;
      if (typeof replaceValue === 'function') {
        replacer = (...args) => {
          charge(8);
          return count(toStr(apply(replaceValue, undefined, args)));
        };
      } else {
        const text = toStr(replaceValue);
        replacer = (...args) => {
          charge(64);
          // (matched, p1..pn, position, string[, groups])
          const hasGroups = isObject(args[args.length - 1]);
          const groups = hasGroups ? args[args.length - 1] : undefined;
          const end = args.length - (hasGroups ? 3 : 2);
          return count(substitution(text, args[0], args[end + 1], args[end], args.slice(1, end), groups));
        };
      }
      return chargeString(checkString(apply(original, this, [search, replacer])));
    } }.m));
  }
  // The other methods that read the whole string, or copy a part of it.
  for (const name of ['indexOf', 'lastIndexOf', 'includes', 'startsWith', 'endsWith', 'search', 'match', 'matchAll',
    'trim', 'trimStart', 'trimEnd', 'localeCompare', 'isWellFormed', 'toWellFormed']) {
    if (typeof String.prototype[name] === 'function') wrap(String.prototype, name, (s) => chargeString(s));
  }
  for (const name of ['slice', 'substring', 'substr']) {
    const original = String.prototype[name];
    define(String.prototype, name, method(name, { m(...args) {
      return chargeString(apply(original, this, args));
    } }.m));
  }
  // split makes an array of up to one string per character.
  {
    const original = String.prototype.split;
    define(String.prototype, 'split', method('split', { m(...args) {
      chargeString(this);
      const r = apply(original, this, args);
      charge(checkArray(r));
      return r;
    } }.m));
  }
  // Iterating a string ([...s], Array.from(s)) steps through each character.
  wrap(String.prototype, Symbol.iterator, (s) => charge(typeof s === 'string' ? iterated * s.length : 0));
  for (const name of ['normalize', 'toUpperCase', 'toLowerCase', 'toLocaleUpperCase', 'toLocaleLowerCase']) {
    wrapResult(String.prototype, name);
  }
  for (const name of ['encodeURI', 'encodeURIComponent', 'escape']) {
    wrapResult(globalThis, name);
  }
  define(String, 'raw', method('raw', function raw(template, ...subs) {
    const strs = Object(Object(template).raw);
    const n = lengthOf(strs);
    if (n > maxArray) throw arrayRange();
    const parts = [];
    let total = 0;
    for (let i = 0; i < n; i++) {
      const s = toStr(strs[i]);
      if ((total += s.length) > maxLength) throw stringRange();
      push(parts, s);
      if (i + 1 < n && i < subs.length) {
        const t = toStr(subs[i]);
        if ((total += t.length) > maxLength) throw stringRange();
        push(parts, t);
      }
    }
    charge(n + chars(total));
    return apply(origJoin, parts, ['']);
  }));

  // Arrays: every method that walks or allocates by this.length.
  const joining = new OrigSet(); // arrays being joined: a cycle joins as ''
  const joinWith = (o, sep, part) => {
    if (o === null || o === undefined) throw new TypeError('Array.prototype.join called on null or undefined');
    const a = Object(o);
    const n = lengthOf(a);
    let total = n > 0 ? (n - 1) * sep.length : 0;
    if (total > maxLength) throw stringRange();
    if (n > maxArray) throw arrayRange();
    if (apply(origHas, joining, [a])) return '';
    apply(origAdd, joining, [a]);
    try {
      const parts = [];
      for (let i = 0; i < n; i++) {
        const v = a[i];
        const s = v === undefined || v === null ? '' : part(v);
        if ((total += s.length) > maxLength) throw stringRange();
        push(parts, s);
      }
      charge(written * n + chars(total));
      return apply(origJoin, parts, [sep]);
    } finally {
      apply(origDelete, joining, [a]);
    }
  };
  define(Array.prototype, 'join', method('join', { m(sep) {
    return joinWith(this, sep === undefined ? ',' : toStr(sep), toStr);
  } }.m));
  define(Array.prototype, 'toLocaleString', method('toLocaleString', { m() {
    return joinWith(this, ',', (v) => toStr(v.toLocaleString()));
  } }.m));
  const defaultCompare = (x, y) => {
    const a = toStr(x);
    const b = toStr(y);
    return a < b ? -1 : a > b ? 1 : 0;
  };
  for (const name of ['sort', 'toSorted']) {
    const original = Array.prototype[name];
    if (typeof original !== 'function') continue;
    define(Array.prototype, name, method(name, { m(compare) {
      if (compare !== undefined && typeof compare !== 'function') {
        throw new TypeError('The comparison function must be either a function or undefined');
      }
      const n = checkArray(this);
      // The comparisons a merge sort makes (a comparator of the code's
      // also counts its calls).
      if (n > 1) charge(n * Math.ceil(Math.log2(n)));
      return apply(original, this, [compare === undefined ? defaultCompare : compare]);
    } }.m));
  }
  {
    const original = Array.prototype.concat;
    define(Array.prototype, 'concat', method('concat', { m(...items) {
      let total = 0;
      for (const o of [this, ...items]) {
        const spread = isObject(o) && (o[Symbol.isConcatSpreadable] === undefined ? isArray(o) : !!o[Symbol.isConcatSpreadable]);
        if ((total += spread ? lengthOf(o) : 1) > maxArray) throw arrayRange();
      }
      charge(total);
      return apply(original, this, items);
    } }.m));
  }
  const flatten = (out, src, depth, mapper, thisArg) => {
    const n = lengthOf(src);
    if (n > maxArray) throw arrayRange();
    charge(2 * iterated * n);
    for (let i = 0; i < n; i++) {
      if (!(i in src)) continue;
      let v = src[i];
      if (mapper !== undefined) v = apply(mapper, thisArg, [v, i, src]);
      if (depth > 0 && isArray(v)) {
        flatten(out, v, depth - 1, undefined, undefined);
      } else {
        if (out.length >= maxArray) throw arrayRange();
        push(out, v);
      }
    }
    return out;
  };
  define(Array.prototype, 'flat', method('flat', { m(depth) {
    const d = depth === undefined ? 1 : Math.trunc(Number(depth)) || 0;
    return flatten([], Object(this), d, undefined, undefined);
  } }.m));
  define(Array.prototype, 'flatMap', method('flatMap', { m(mapper, thisArg) {
    if (typeof mapper !== 'function') throw new TypeError('flatMap mapper function is not callable');
    return flatten([], Object(this), 1, mapper, thisArg);
  } }.m));
  const unchecked = ['constructor', 'push', 'pop', 'at', 'join', 'toLocaleString', 'toString', 'sort', 'toSorted', 'concat', 'flat', 'flatMap'];
  // slice copies only its part; the iterators step through every element.
  const weights = { slice: 0, values: iterated, keys: iterated, entries: iterated };
  for (const key of ownKeys(Array.prototype)) {
    const f = Array.prototype[key];
    if (typeof f !== 'function' || apply(origIncludes, unchecked, [key]) || key === Symbol.iterator) continue;
    const weight = typeof key === 'string' && key in weights ? weights[key] : 1;
    wrap(Array.prototype, key, (a) => charge(weight * checkArray(a)));
  }
  {
    const original = Array.prototype.slice;
    define(Array.prototype, 'slice', method('slice', { m(...args) {
      const r = apply(original, this, args);
      charge(lengthOf(r));
      return r;
    } }.m));
  }
  // The array iterator is what spread, destructuring, for-of, Set, Map,
  // Promise.all and Array.from take from an array.
  define(Array.prototype, Symbol.iterator, Array.prototype.values);
  wrap(Array, 'from', (_, [items]) => {
    if (items !== null && items !== undefined && !(Symbol.iterator in Object(items))) charge(checkArray(items));
  });
  // An argument list longer than maxArgs runs V8 out of stack: so here,
  // before goja copies it in one Go loop.
  const checkArgs = (args) => {
    const n = isObject(args) ? lengthOf(args) : 0;
    if (n > maxArgs) throw stackRange();
    charge(n);
  };
  const guardArgs = (v) => {
    const n = typeof v === 'string' ? v.length : v instanceof OrigSet || v instanceof Map ? v.size : isObject(v) ? lengthOf(v) : 0;
    if (n > maxArgs) throw stackRange();
    charge(n);
    return v;
  };
  // The lists of an object's keys or values (two steps per key).
  for (const [o, name] of [[Object, 'keys'], [Object, 'values'], [Object, 'entries'], [Object, 'getOwnPropertyNames'],
    [Object, 'getOwnPropertySymbols'], [Reflect, 'ownKeys']]) {
    const original = o[name];
    define(o, name, method(name, { m(...args) {
      const r = apply(original, this, args);
      charge(2 * lengthOf(r));
      return r;
    } }.m));
  }
  wrap(Function.prototype, 'apply', (_, [, args]) => checkArgs(args));
  wrap(Reflect, 'apply', (_, [, , args]) => checkArgs(args));
  wrap(Reflect, 'construct', (_, [, args]) => checkArgs(args));

  // A function's text is the code's, not the instrumented one (guard.go).
  {
    const original = Function.prototype.toString;
    define(Function.prototype, 'toString', method('toString', { m() {
      const s = apply(original, this, []);
      return typeof s === 'string' ? hooks.source(s) : s;
    } }.m));
  }

  // Chains that goja follows recursively in Go.
  const boundDepth = new OrigWeakMap();
  {
    const original = Function.prototype.bind;
    define(Function.prototype, 'bind', method('bind', { m(...args) {
      const d = (apply(WeakMapGet, boundDepth, [this]) || 0) + 1;
      if (d > maxDepth) throw stackRange();
      const f = apply(original, this, args);
      apply(WeakMapSet, boundDepth, [f, d]);
      return f;
    } }.m));
  }
  const proxyDepth = new OrigWeakMap();
  const newProxy = (target, handler) => {
    const d = Math.max(apply(WeakMapGet, proxyDepth, [target]) || 0, apply(WeakMapGet, proxyDepth, [handler]) || 0) + 1;
    if (d > maxDepth) throw stackRange();
    return d;
  };
  const ProxyGuard = function Proxy(target, handler) {
    if (new.target === undefined) throw new TypeError("Constructor Proxy requires 'new'");
    const d = newProxy(target, handler);
    const p = new OrigProxy(target, handler);
    apply(WeakMapSet, proxyDepth, [p, d]);
    return p;
  };
  define(ProxyGuard, 'revocable', method('revocable', function revocable(target, handler) {
    const d = newProxy(target, handler);
    const r = OrigProxy.revocable(target, handler);
    apply(WeakMapSet, proxyDepth, [r.proxy, d]);
    return r;
  }));
  define(globalThis, 'Proxy', ProxyGuard);
  wrap(Object, 'create', (_, [proto]) => guardProto(proto));
  wrap(Object, 'setPrototypeOf', (_, [, proto]) => guardProto(proto));
  wrap(Reflect, 'setPrototypeOf', (_, [, proto]) => guardProto(proto));
  {
    const d = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__');
    if (d && d.set) {
      const set = d.set;
      defineProperty(Object.prototype, '__proto__', {
        get: d.get,
        set: method('set __proto__', { m(proto) {
          guardProto(proto);
          return apply(set, this, [proto]);
        } }.m),
        configurable: true,
      });
    }
  }

  // A generator resumed through yield* resumes the one it delegates to in
  // Go, outside the call depth limit: count the generators being resumed.
  {
    const proto = getPrototypeOf(function* () {}).prototype;
    let resuming = 0;
    for (const name of ['next', 'return', 'throw']) {
      const original = proto[name];
      define(proto, name, method(name, { m(...args) {
        if (resuming >= maxDepth) throw stackRange();
        resuming++;
        try {
          return apply(original, this, args);
        } finally {
          resuming--;
        }
      } }.m));
    }
  }

  // JSON: parse refuses text nested deeper than maxDepth before goja
  // recurses over it; stringify is written here, so that it recurses in
  // JavaScript (where the call depth limit and the interrupt hold) and
  // adds up the length of what it writes.
  define(JSON, 'parse', method('parse', function parse(text, reviver) {
    const s = toStr(text);
    charge(chars(s.length));
    if (hooks.jsonDepth(s) > maxDepth) throw stackRange();
    return apply(origParse, JSON, [s, reviver]);
  }));
  define(JSON, 'stringify', method('stringify', function stringify(value, replacer, space) {
    let total = 0;
    const out = [];
    const emit = (s) => {
      if ((total += s.length) > maxLength) throw stringRange();
      push(out, s);
    };
    let replacerFn;
    let keys;
    if (typeof replacer === 'function') {
      replacerFn = replacer;
    } else if (isArray(replacer)) {
      checkArray(replacer);
      const seen = new OrigSet();
      keys = [];
      for (let i = 0; i < replacer.length; i++) {
        let v = replacer[i];
        if (typeof v === 'number' || v instanceof Number || v instanceof String) v = toStr(v);
        if (typeof v === 'string' && !apply(origHas, seen, [v])) {
          apply(origAdd, seen, [v]);
          push(keys, v);
        }
      }
    }
    if (space instanceof Number) space = Number(space);
    else if (space instanceof String) space = toStr(space);
    const gap = typeof space === 'number' ? ' '.repeat(Math.max(0, Math.min(10, Math.trunc(space) || 0)))
      : typeof space === 'string' ? space.slice(0, 10) : '';
    const stack = new OrigSet();
    const quote = (s) => apply(origStringify, JSON, [s]);
    let values = 0;
    const serialize = (holder, key, indent) => {
      values++;
      let v = holder[key];
      if (isObject(v) || typeof v === 'bigint') {
        const toJSON = v.toJSON;
        if (typeof toJSON === 'function') v = apply(toJSON, v, [key]);
      }
      if (replacerFn !== undefined) v = apply(replacerFn, holder, [key, v]);
      if (isObject(v)) {
        if (v instanceof Number) v = Number(v);
        else if (v instanceof String) v = toStr(v);
        else if (v instanceof Boolean) v = v.valueOf();
      }
      if (v === null) return 'null';
      switch (typeof v) {
        case 'boolean': return v ? 'true' : 'false';
        case 'string': return quote(v);
        case 'number': return isFinite(v) ? toStr(v) : 'null';
        case 'bigint': throw new TypeError('Do not know how to serialize a BigInt');
        case 'object': return serializeObject(v, indent);
      }
      return undefined; // undefined, functions, symbols
    };
    const serializeObject = (v, indent) => {
      if (apply(origHas, stack, [v])) throw new TypeError('Converting circular structure to JSON');
      if (stack.size >= maxDepth) throw stackRange();
      apply(origAdd, stack, [v]);
      const inner = indent + gap;
      const items = [];
      let wrote = 0;
      const add = (s) => {
        if ((wrote += s.length + 1 + inner.length) > maxLength) throw stringRange();
        push(items, s);
      };
      let open, close;
      if (isArray(v)) {
        checkArray(v);
        [open, close] = ['[', ']'];
        for (let i = 0; i < v.length; i++) {
          const s = serialize(v, toStr(i), inner);
          add(s === undefined ? 'null' : s);
        }
      } else {
        [open, close] = ['{', '}'];
        for (const k of keys !== undefined ? keys : origKeys(v)) {
          const s = serialize(v, k, inner);
          if (s !== undefined) add(quote(k) + (gap ? ': ' : ':') + s);
        }
      }
      apply(origDelete, stack, [v]);
      if (items.length === 0) return open + close;
      if (gap === '') return open + apply(origJoin, items, [',']) + close;
      return open + '\n' + inner + apply(origJoin, items, [',\n' + inner]) + '\n' + indent + close;
    };
    const s = serialize({ '': value }, '', '');
    if (s !== undefined) emit(s);
    charge(written * values + chars(total));
    return s === undefined ? undefined : apply(origJoin, out, ['']);
  }));

  // No code from strings.
  const refuse = () => {
    throw new EvalError('Code generation from strings disallowed for this context');
  };
  define(globalThis, 'eval', method('eval', function eval_() {
    refuse();
  }));
  for (const f of [function () {}, async function () {}, function* () {}]) {
    const proto = getPrototypeOf(f);
    const blocked = method(proto.constructor.name, function () {
      refuse();
    });
    blocked.prototype = proto;
    define(proto, 'constructor', blocked);
    if (proto === Function.prototype) define(globalThis, 'Function', blocked);
  }

  class Vec3 {
    constructor(x, y, z) {
      this.x = x;
      this.y = y;
      this.z = z;
    }
    isZero() { return this.x === 0 && this.y === 0 && this.z === 0; }
    at(id) { return this.toArray()[id]; }
    xz() { return [this.x, this.z]; }
    xy() { return [this.x, this.y]; }
    yz() { return [this.y, this.z]; }
    xzy() { return new Vec3(this.x, this.z, this.y); }
    set(x, y, z) {
      this.x = x;
      this.y = y;
      this.z = z;
      return this;
    }
    update(other) { return this.set(other.x, other.y, other.z); }
    rounded() { return new Vec3(Math.round(this.x), Math.round(this.y), Math.round(this.z)); }
    round() { return this.set(Math.round(this.x), Math.round(this.y), Math.round(this.z)); }
    floored() { return new Vec3(Math.floor(this.x), Math.floor(this.y), Math.floor(this.z)); }
    floor() { return this.set(Math.floor(this.x), Math.floor(this.y), Math.floor(this.z)); }
    offset(dx, dy, dz) { return new Vec3(this.x + dx, this.y + dy, this.z + dz); }
    translate(dx, dy, dz) { return this.set(this.x + dx, this.y + dy, this.z + dz); }
    add(o) { return this.translate(o.x, o.y, o.z); }
    subtract(o) { return this.translate(-o.x, -o.y, -o.z); }
    multiply(o) { return this.set(this.x * o.x, this.y * o.y, this.z * o.z); }
    divide(o) { return this.set(this.x / o.x, this.y / o.y, this.z / o.z); }
    plus(o) { return this.offset(o.x, o.y, o.z); }
    minus(o) { return this.offset(-o.x, -o.y, -o.z); }
    scaled(s) { return new Vec3(this.x * s, this.y * s, this.z * s); }
    abs() { return new Vec3(Math.abs(this.x), Math.abs(this.y), Math.abs(this.z)); }
    volume() { return this.x * this.y * this.z; }
    modulus(o) {
      const mod = (a, b) => ((a % b) + b) % b;
      return new Vec3(mod(this.x, o.x), mod(this.y, o.y), mod(this.z, o.z));
    }
    distanceTo(o) { return Math.sqrt(this.distanceSquared(o)); }
    distanceSquared(o) {
      const dx = o.x - this.x, dy = o.y - this.y, dz = o.z - this.z;
      return dx * dx + dy * dy + dz * dz;
    }
    equals(o, error = 0) {
      return Math.abs(this.x - o.x) <= error && Math.abs(this.y - o.y) <= error && Math.abs(this.z - o.z) <= error;
    }
    toString() { return '(' + this.x + ', ' + this.y + ', ' + this.z + ')'; }
    clone() { return this.offset(0, 0, 0); }
    min(o) { return new Vec3(Math.min(this.x, o.x), Math.min(this.y, o.y), Math.min(this.z, o.z)); }
    max(o) { return new Vec3(Math.max(this.x, o.x), Math.max(this.y, o.y), Math.max(this.z, o.z)); }
    norm() { return Math.sqrt(this.x * this.x + this.y * this.y + this.z * this.z); }
    dot(o) { return this.x * o.x + this.y * o.y + this.z * o.z; }
    cross(o) {
      return new Vec3(this.y * o.z - this.z * o.y, this.z * o.x - this.x * o.z, this.x * o.y - this.y * o.x);
    }
    unit() {
      const n = this.norm();
      return n === 0 ? this.clone() : this.scaled(1 / n);
    }
    normalize() { return this.update(this.unit()); }
    scale(s) { return this.set(this.x * s, this.y * s, this.z * s); }
    xyDistanceTo(o) { return Math.hypot(o.x - this.x, o.y - this.y); }
    xzDistanceTo(o) { return Math.hypot(o.x - this.x, o.z - this.z); }
    yzDistanceTo(o) { return Math.hypot(o.y - this.y, o.z - this.z); }
    innerProduct(o) { return this.dot(o); }
    manhattanDistanceTo(o) { return Math.abs(o.x - this.x) + Math.abs(o.y - this.y) + Math.abs(o.z - this.z); }
    toArray() { return [this.x, this.y, this.z]; }
  }

  const guardFail = () => {
    throw stringRange();
  };
  return { Vec3, guardStr, guardTpl, guardProto, guardArgs, guardFail };
})
