// The JavaScript half of the runtime, run in every fresh runtime before the
// model's code. It returns what the Go half installs: Vec3 (the API of the
// npm package vec3 that MINDcraft exposes) and harden (SES-style freezing
// of the intrinsics), after capping the builtins that can allocate a huge
// string or array in one call, which goja's interrupt cannot stop.
(function (maxLength) {
  'use strict';

  const tooLong = (n) => n > maxLength;
  const stringRange = () => new RangeError('Invalid string length');
  const arrayRange = () => new RangeError('Invalid array length');
  const wrap = (proto, name, check) => {
    const original = proto[name];
    Object.defineProperty(proto, name, {
      value: {
        [name](...args) {
          check(this, args);
          return Reflect.apply(original, this, args);
        },
      }[name],
      writable: true,
      configurable: true,
    });
  };
  wrap(String.prototype, 'repeat', (s, [n]) => {
    if (String(s).length * Math.trunc(Number(n)) > maxLength) throw stringRange();
  });
  for (const name of ['padStart', 'padEnd']) {
    wrap(String.prototype, name, (s, [n]) => {
      if (tooLong(Number(n))) throw stringRange();
    });
  }
  wrap(Array.prototype, 'join', (a, [sep]) => {
    const n = Number(a.length);
    if (tooLong(n * (sep === undefined ? 1 : String(sep).length + 1))) throw stringRange();
  });
  wrap(Array.prototype, 'fill', (a) => {
    if (tooLong(Number(a.length))) throw arrayRange();
  });
  for (const name of ['from']) {
    const original = Array[name];
    Object.defineProperty(Array, name, {
      value: function from(items, ...rest) {
        if (items != null && tooLong(Number(items.length))) throw arrayRange();
        return Reflect.apply(original, this, [items, ...rest]);
      },
      writable: true,
      configurable: true,
    });
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

  // harden freezes an intrinsic, its prototype object and what it
  // inherits from, as SES's lockdown leaves them: code cannot change the
  // builtins it shares with the API. (A fresh runtime per execution keeps
  // anything deeper from outliving one execution.)
  const harden = (o) => {
    if ((typeof o !== 'object' && typeof o !== 'function') || o === null) return o;
    for (const x of [o, o.prototype, Object.getPrototypeOf(o)]) {
      if ((typeof x === 'object' || typeof x === 'function') && x !== null) Object.freeze(x);
    }
    return o;
  };

  return { Vec3, harden };
})
