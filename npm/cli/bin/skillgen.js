#!/usr/bin/env node
// skillgen from npm: the generator compiled to WebAssembly (GOOS=js GOARCH=wasm), run by Go's
// own wasm_exec.js. The command line, the working folder, the environment, the standard
// streams, the file system (through node:fs) and the exit status are those of this process, so
// that `npx skillgen …` does what the native skillgen binary does with the same arguments.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

// Go's js/wasm port words the system's errors as the C library does ("No such file or
// directory"), the native binary on Linux and macOS as Go does there ("no such file or
// directory"). Messages on standard error carry the native wording, so that they are the same
// as the native binary's: each of these errors, as Go prints it after ": ", is reworded.
const nativeWording = new Map([
  ["Operation not permitted", "operation not permitted"],
  ["No such file or directory", "no such file or directory"],
  ["Interrupted system call", "interrupted system call"],
  ["I/O error", "input/output error"],
  ["No such device or address", "no such device or address"],
  ["Bad file number", "bad file descriptor"],
  ["Try again", "resource temporarily unavailable"],
  ["Out of memory", "cannot allocate memory"],
  ["Permission denied", "permission denied"],
  ["Device or resource busy", "device or resource busy"],
  ["File exists", "file exists"],
  ["Cross-device link", "invalid cross-device link"],
  ["No such device", "no such device"],
  ["Not a directory", "not a directory"],
  ["Is a directory", "is a directory"],
  ["Invalid argument", "invalid argument"],
  ["File table overflow", "too many open files in system"],
  ["Too many open files", "too many open files"],
  ["File too large", "file too large"],
  ["No space left on device", "no space left on device"],
  ["Illegal seek", "illegal seek"],
  ["Read-only file system", "read-only file system"],
  ["Too many links", "too many links"],
  ["Broken pipe", "broken pipe"],
  ["File name too long", "file name too long"],
  ["Quota exceeded", "disk quota exceeded"],
  ["Directory not empty", "directory not empty"],
  ["Too many symbolic links", "too many levels of symbolic links"],
]);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const jsWording = new RegExp(
  `(?<=: )(${[...nativeWording.keys()].sort((a, b) => b.length - a.length).map(escape).join("|")})(?![A-Za-z])`,
  "g",
);

// wasm_exec.js runs the Go program on what it finds on globalThis: node:fs is its file system
// (every path is the user's, relative ones to the working folder), with writes to standard
// error reworded as above (Go writes each message whole, with one call).
const goFS = Object.create(fs);
goFS.write = function (fd, buffer, offset, length, position, callback) {
  if (fd !== 2 || typeof callback !== "function" || !(buffer instanceof Uint8Array)) {
    return fs.write.apply(fs, arguments);
  }
  const text = Buffer.from(buffer.buffer, buffer.byteOffset + offset, length).toString("utf8");
  const reworded = text.replace(jsWording, (m) => nativeWording.get(m));
  if (reworded === text) {
    return fs.write(fd, buffer, offset, length, position, callback);
  }
  const out = Buffer.from(reworded, "utf8");
  const rest = (done) => {
    if (done === out.length) {
      return callback(null, length);
    }
    fs.write(fd, out, done, out.length - done, null, (err, n) => (err ? callback(err, 0) : rest(done + n)));
  };
  rest(0);
};
globalThis.require = require;
globalThis.fs = goFS;
globalThis.path = path;
globalThis.TextEncoder ??= require("node:util").TextEncoder;
globalThis.TextDecoder ??= require("node:util").TextDecoder;
globalThis.performance ??= require("node:perf_hooks").performance;
globalThis.crypto ??= require("node:crypto").webcrypto;

// Liftoff, V8's baseline WebAssembly compiler, only: Go's functions are large, and optimising
// them with TurboFan costs a short run such as skillgen's several times what it saves (the
// canonical schema: 1.5 s of user processor time with Liftoff alone, 8.3 s with tiering up;
// see docs/npm.md).
require("node:v8").setFlagsFromString("--liftoff-only");

const root = path.join(__dirname, "..");
const wasmFile = path.join(root, "skillgen.wasm");

function fail(message) {
  fs.writeSync(2, `skillgen: ${message}\n`);
  process.exit(1);
}

// Go's runtime reads the command line and the environment from a block of 8 KiB at start-up
// (wasm_exec.js writes them from offset 4096 and refuses to reach 12288, where Go's data
// starts), each string padded to 8 bytes and given an 8-byte pointer.
const startBlock = 8192;
const size = (strings) => strings.reduce((n, s) => n + Math.ceil((Buffer.byteLength(s) + 1) / 8) * 8 + 8, 16);

// keep are the variables that skillgen or Go's runtime read (GODEBUG, GOGC, GOMAXPROCS,
// GOTRACEBACK …) or that a schema path may need: when the whole environment does not fit in the
// start-up block, these are what the generator is given.
const keep = /^(SKILLGEN_|GO|TMPDIR$|HOME$|PWD$|TZ$)/;

function environment(argv) {
  const env = { TMPDIR: require("node:os").tmpdir(), ...process.env };
  const all = (e) => [...argv, ...Object.entries(e).map(([k, v]) => `${k}=${v}`)];
  if (size(all(env)) < startBlock) {
    return env;
  }
  const kept = Object.fromEntries(Object.entries(env).filter(([k]) => keep.test(k)));
  if (size(all(kept)) < startBlock) {
    return kept;
  }
  fail(`the command line is too long for the WebAssembly build of skillgen: with the environment it needs, it takes ${size(all(kept))} bytes, and Go's start-up block holds fewer than ${startBlock}`);
}

let wasm;
try {
  wasm = fs.readFileSync(wasmFile);
} catch (err) {
  fail(`cannot read ${wasmFile} (${err.code || err.message}): this package is incomplete; reinstall it (a checkout builds it with make npm)`);
}
require(path.join(root, "wasm_exec.js"));

// A schema nested some 2,000 levels deep takes more than V8's stack (about 1 MB, which Go's
// WebAssembly calls use as native code uses the system's): the run ends with one line saying so,
// not with V8's trace, and exit status 1, as a refused schema does.
process.on("uncaughtException", (err) => {
  if (err instanceof RangeError && /call stack size/.test(err.message)) {
    fail("the schema nests too deep for the WebAssembly build (RangeError: Maximum call stack size exceeded in V8): run the native binary instead (go install github.com/skillgen/skillgen/cmd/skillgen@latest)");
  }
  fail(err && err.stack ? err.stack : String(err));
});

const go = new Go();
go.argv = ["skillgen", ...process.argv.slice(2)];
go.env = environment(go.argv);
go.exit = (code) => process.exit(code);

WebAssembly.instantiate(wasm, go.importObject)
  .then(({ instance }) => {
    process.on("exit", (code) => {
      // Node.js exits when nothing is pending: a Go program that has not exited by then is
      // deadlocked, and resuming it makes Go print the goroutines' stacks and exit 2.
      if (code === 0 && !go.exited) {
        go._pendingEvent = { id: 0 };
        go._resume();
      }
    });
    return go.run(instance);
  })
  .catch((err) => fail(err && err.stack ? err.stack : String(err)));
