// Format checkers: one function per format that JSON Schema defines, each reporting whether a
// string is in the format, with the verdicts of the Go checkers (templates/go/formats.go.tmpl).
// No dependencies; the Unicode data they need (IDNA2008 and ECMAScript identifiers) is in the
// tables at the end of this file. docs/formats.md gives the rules each one follows, with their
// RFCs. A checker reads a string as code points: an unpaired surrogate is read as U+FFFD, as the
// Go checkers read an invalid UTF-8 sequence.

/** A format checker. */
export type FormatChecker = (s: string) => boolean;

/**
 * formatChecker returns the checker of a format (draft 2020-12 semantics), or undefined when
 * the format is not one JSON Schema defines.
 */
export function formatChecker(name: string): FormatChecker | undefined {
  switch (name) {
    case "date-time": return formatDateTime;
    case "date": return formatDate;
    case "time": return formatTime;
    case "duration": return formatDuration;
    case "email": return formatEmail;
    case "idn-email": return formatIDNEmail;
    case "hostname": return formatHostname;
    case "idn-hostname": return formatIDNHostname;
    case "ipv4": return formatIPv4;
    case "ipv6": return formatIPv6;
    case "uri": return formatURI;
    case "uri-reference": return formatURIReference;
    case "iri": return formatIRI;
    case "iri-reference": return formatIRIReference;
    case "uuid": return formatUUID;
    case "uri-template": return formatURITemplate;
    case "json-pointer": return formatJSONPointer;
    case "relative-json-pointer": return formatRelativeJSONPointer;
    case "regex": return formatRegex;
  }
  return undefined;
}

/** codePoints returns the code points of s, an unpaired surrogate as U+FFFD. */
function codePoints(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out.push((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
        i++;
        continue;
      }
    }
    out.push(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
  }
  return out;
}

/** utf8Length is the length of s in UTF-8, an unpaired surrogate counted as U+FFFD. */
function utf8Length(s: string): number {
  let n = 0;
  for (const c of codePoints(s)) n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  return n;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isAlpha = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** num reads s, ASCII digits only, as a number (-1 for "" or any other character). */
function num(s: string): number {
  if (s === "") return -1;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return -1;
    n = n * 10 + (c - 0x30);
  }
  return n;
}

/** asciiFold reports whether a and b are equal but for the case of ASCII letters. */
function asciiFold(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x >= 0x41 && x <= 0x5a) x += 0x20;
    if (y >= 0x41 && y <= 0x5a) y += 0x20;
    if (x !== y) return false;
  }
  return true;
}

/** fullDate checks an RFC 3339 full-date: YYYY-MM-DD, a day that the month has. */
function fullDate(s: string): boolean {
  if (s.length !== 10 || s[4] !== "-" || s[7] !== "-") return false;
  const y = num(s.slice(0, 4));
  const m = num(s.slice(5, 7));
  const d = num(s.slice(8));
  if (y < 0 || m < 1 || m > 12 || d < 1) return false;
  let days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  if (m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) days = 29;
  return d <= days;
}

/**
 * fullTime checks an RFC 3339 full-time: HH:MM:SS[.frac] and Z or ±HH:MM. Second 60 (a leap
 * second) is valid only at 23:59 UTC.
 */
function fullTime(s: string): boolean {
  if (s.length < 9 || s[2] !== ":" || s[5] !== ":") return false;
  const h = num(s.slice(0, 2));
  const m = num(s.slice(3, 5));
  const sec = num(s.slice(6, 8));
  if (h < 0 || m < 0 || sec < 0 || h > 23 || m > 59 || sec > 60) return false;
  let rest = s.slice(8);
  if (rest[0] === ".") {
    let i = 1;
    while (i < rest.length && isDigit(rest.charCodeAt(i))) i++;
    if (i === 1) return false;
    rest = rest.slice(i);
  }
  let offset = 0; // minutes east of UTC
  if (rest === "Z" || rest === "z") {
    // UTC
  } else if (rest.length === 6 && (rest[0] === "+" || rest[0] === "-") && rest[3] === ":") {
    const oh = num(rest.slice(1, 3));
    const om = num(rest.slice(4));
    if (oh < 0 || om < 0 || oh > 23 || om > 59) return false;
    offset = oh * 60 + om;
    if (rest[0] === "-") offset = -offset;
  } else {
    return false;
  }
  if (sec === 60) return ((((h * 60 + m - offset) % 1440) + 1440) % 1440) === 23 * 60 + 59;
  return true;
}

/** formatDateTime reports whether s is an RFC 3339 date-time (section 5.6); "T" and "Z" may be lower case. */
export function formatDateTime(s: string): boolean {
  return s.length > 11 && (s[10] === "T" || s[10] === "t") && fullDate(s.slice(0, 10)) && fullTime(s.slice(11));
}

/** formatDate reports whether s is an RFC 3339 full-date. */
export function formatDate(s: string): boolean {
  return fullDate(s);
}

/** formatTime reports whether s is an RFC 3339 full-time. */
export function formatTime(s: string): boolean {
  return fullTime(s);
}

/**
 * formatDuration reports whether s is a duration of RFC 3339 appendix A: P, then weeks alone,
 * or date elements (Y, M, D, each only after the one before it) and an optional T with time
 * elements (H, M, S, the same way).
 */
export function formatDuration(s: string): boolean {
  if (s.length < 3 || s[0] !== "P") return false;
  let i = 1;
  // elem reads digits and a unit of units (in order) and returns the unit's index, or -1.
  const elem = (units: string): number => {
    const j = i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    if (i === j || i === s.length) return -1;
    const k = units.indexOf(s[i]!);
    i++;
    return k;
  };
  if (s.endsWith("W")) return elem("W") === 0 && i === s.length;
  let prev = -1;
  while (i < s.length && s[i] !== "T") {
    const k = elem("YMD");
    if (k <= prev || (prev >= 0 && k !== prev + 1)) return false;
    prev = k;
  }
  if (i === s.length) return prev >= 0;
  i++; // T
  if (i === s.length) return false;
  prev = -1;
  while (i < s.length) {
    const k = elem("HMS");
    if (k <= prev || (prev >= 0 && k !== prev + 1)) return false;
    prev = k;
  }
  return true;
}

/** formatUUID reports whether s is an RFC 4122 UUID: 8-4-4-4-12 hexadecimal digits, any version and variant. */
export function formatUUID(s: string): boolean {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (s[i] !== "-") return false;
    } else if (!isHex(s.charCodeAt(i))) {
      return false;
    }
  }
  return true;
}

/**
 * ipv4 checks a dotted quad. strict is the dec-octet of RFC 3986 (no leading zero); otherwise
 * the decbyte of RFC 2673 (one to three digits, at most 255).
 */
function ipv4(s: string, strict: boolean): boolean {
  let at = 0;
  for (let part = 0; part < 4; part++) {
    let i = at;
    while (i < s.length && i - at < 4 && isDigit(s.charCodeAt(i))) i++;
    const n = num(s.slice(at, i));
    if (n < 0 || i - at > 3 || n > 255 || (strict && i - at > 1 && s[at] === "0")) return false;
    at = i;
    if (part < 3) {
      if (s[at] !== ".") return false;
      at++;
    }
  }
  return at === s.length;
}

/** formatIPv4 reports whether s is an IPv4 address in the dotted-quad form of RFC 2673 section 3.2. */
export function formatIPv4(s: string): boolean {
  return ipv4(s, false);
}

/**
 * formatIPv6 reports whether s is an IPv6 address in a text form of RFC 4291 section 2.2, as
 * RFC 3986's IPv6address spells it (no zone, no brackets, no prefix length).
 */
export function formatIPv6(s: string): boolean {
  let pieces = 0;
  let double = false;
  let i = 0;
  if (s.startsWith("::")) {
    double = true;
    i = 2;
  } else if (s === "" || s[0] === ":") {
    return false;
  }
  while (i < s.length) {
    let j = i;
    while (j < s.length && isHex(s.charCodeAt(j))) j++;
    if (s[j] === ".") {
      if (!ipv4(s.slice(i), true)) return false;
      pieces += 2;
      break;
    }
    if (j === i || j - i > 4) return false;
    pieces++;
    if (j === s.length) break;
    if (s[j] !== ":") return false;
    if (s[j + 1] === ":") {
      if (double) return false;
      double = true;
      i = j + 2;
      continue;
    }
    i = j + 1;
    if (i === s.length) return false;
  }
  return double ? pieces <= 7 : pieces === 8;
}

// URIs and IRIs (RFC 3986, RFC 3987).

const isUnreserved = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
const isSubDelim = (c: number): boolean => c < 0x80 && "!$&'()*+,;=".includes(String.fromCharCode(c));

/** isUCSChar is RFC 3987's ucschar. */
function isUCSChar(c: number): boolean {
  if ((c >= 0xa0 && c <= 0xd7ff) || (c >= 0xf900 && c <= 0xfdcf) || (c >= 0xfdf0 && c <= 0xffef)) return true;
  return c >= 0x10000 && c <= 0xefffd && (c & 0xffff) <= 0xfffd && (c < 0xe0000 || c >= 0xe1000);
}

/** isIPrivate is RFC 3987's iprivate. */
function isIPrivate(c: number): boolean {
  return (c >= 0xe000 && c <= 0xf8ff) || (c >= 0xf0000 && c <= 0xffffd) || (c >= 0x100000 && c <= 0x10fffd);
}

/**
 * uriPart checks that s holds only unreserved characters, sub-delims, the characters of extra
 * and percent-encodings; with iri also ucschar, with priv also iprivate.
 */
function uriPart(s: string, extra: string, iri: boolean, priv: boolean): boolean {
  const cs = codePoints(s);
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (c === 0x25) {
      if (i + 2 >= cs.length || !isHex(cs[i + 1]!) || !isHex(cs[i + 2]!)) return false;
      i += 2;
    } else if (c < 0x80) {
      if (!isUnreserved(c) && !isSubDelim(c) && !extra.includes(String.fromCharCode(c))) return false;
    } else if (!(iri && isUCSChar(c)) && !(priv && isIPrivate(c))) {
      return false;
    }
  }
  return true;
}

/** authority checks [ userinfo "@" ] host [ ":" port ]. */
function authority(s: string, iri: boolean): boolean {
  const at = s.indexOf("@");
  if (at >= 0) {
    if (!uriPart(s.slice(0, at), ":", iri, false)) return false;
    s = s.slice(at + 1);
  }
  let host = s;
  let port = "";
  if (s.startsWith("[")) {
    const end = s.indexOf("]");
    if (end < 0) return false;
    host = s.slice(1, end);
    port = s.slice(end + 1);
    if (port !== "" && port[0] !== ":") return false;
    if (host[0] === "v" || host[0] === "V") {
      // IPvFuture: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
      const dot = host.indexOf(".");
      if (dot < 2 || dot === host.length - 1) return false;
      for (let i = 1; i < dot; i++) if (!isHex(host.charCodeAt(i))) return false;
      for (let i = dot + 1; i < host.length; i++) {
        const c = host.charCodeAt(i);
        if (!isUnreserved(c) && !isSubDelim(c) && c !== 0x3a) return false;
      }
    } else if (!formatIPv6(host)) {
      return false;
    }
  } else {
    const colon = s.indexOf(":");
    if (colon >= 0) {
      host = s.slice(0, colon);
      port = s.slice(colon);
    }
    if (!uriPart(host, "", iri, false)) return false;
  }
  for (let i = 1; i < port.length; i++) if (!isDigit(port.charCodeAt(i))) return false;
  return true;
}

/** uri checks a URI (iri: an IRI); ref also accepts a relative reference. */
function uri(s: string, iri: boolean, ref: boolean): boolean {
  const hash = s.indexOf("#");
  if (hash >= 0) {
    if (!uriPart(s.slice(hash + 1), ":@/?", iri, false)) return false;
    s = s.slice(0, hash);
  }
  const q = s.indexOf("?");
  if (q >= 0) {
    if (!uriPart(s.slice(q + 1), ":@/?", iri, iri)) return false;
    s = s.slice(0, q);
  }
  let k = 0;
  while (k < s.length && s[k] !== ":" && s[k] !== "/") k++;
  if (k < s.length && s[k] === ":") {
    // A scheme, or a relative reference whose first segment has a colon (refused).
    if (k === 0 || !isAlpha(s.charCodeAt(0))) return false;
    for (let i = 1; i < k; i++) {
      const c = s.charCodeAt(i);
      if (!isAlpha(c) && !isDigit(c) && c !== 0x2b && c !== 0x2d && c !== 0x2e) return false;
    }
    s = s.slice(k + 1);
  } else if (!ref) {
    return false;
  }
  if (s.startsWith("//")) {
    const rest = s.slice(2);
    let end = rest.indexOf("/");
    if (end < 0) end = rest.length;
    if (!authority(rest.slice(0, end), iri)) return false;
    s = rest.slice(end);
  }
  return uriPart(s, ":@/", iri, false);
}

/** formatURI reports whether s is a URI (RFC 3986 section 3), not a relative reference. */
export function formatURI(s: string): boolean {
  return uri(s, false, false);
}

/** formatURIReference reports whether s is a URI-reference (RFC 3986 section 4.1). */
export function formatURIReference(s: string): boolean {
  return uri(s, false, true);
}

/** formatIRI reports whether s is an IRI (RFC 3987 section 2.2). */
export function formatIRI(s: string): boolean {
  return uri(s, true, false);
}

/** formatIRIReference reports whether s is an IRI-reference (RFC 3987 section 2.2). */
export function formatIRIReference(s: string): boolean {
  return uri(s, true, true);
}

/** formatURITemplate reports whether s is a URI Template (RFC 6570 section 2), up to level 4. */
export function formatURITemplate(s: string): boolean {
  for (let i = 0; i < s.length; ) {
    let c = s.codePointAt(i)!;
    let n = c > 0xffff ? 2 : 1;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c === 0x7b) {
      const end = s.indexOf("}", i);
      if (end < 0 || !uriTemplateExpression(s.slice(i + 1, end))) return false;
      n = end + 1 - i;
    } else if (c === 0x25) {
      if (i + 2 >= s.length || !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
      n = 3;
    } else if (c < 0x80) {
      // literals: every printable character but space " % < > \ ^ ` { | } (and ' is allowed,
      // see docs/formats.md).
      if (c <= 0x20 || c >= 0x7f || "\"<>\\^`|}".includes(String.fromCharCode(c))) return false;
    } else if (!isUCSChar(c) && !isIPrivate(c)) {
      return false;
    }
    i += n;
  }
  return true;
}

/** uriTemplateExpression checks what is between the braces of an expression. */
function uriTemplateExpression(e: string): boolean {
  if (e !== "" && "+#./;?&=,!@|".includes(e[0]!)) e = e.slice(1);
  for (const spec of e.split(",")) {
    let name = spec;
    const colon = spec.indexOf(":");
    if (colon >= 0) {
      name = spec.slice(0, colon);
      const n = spec.slice(colon + 1);
      if (n.length < 1 || n.length > 4 || n[0] === "0" || num(n) < 0) return false;
    } else if (spec.endsWith("*")) {
      name = spec.slice(0, -1);
    }
    // varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
    if (name === "" || name[0] === "." || name.endsWith(".") || name.includes("..")) return false;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      if (isAlpha(c) || isDigit(c) || c === 0x5f || c === 0x2e) continue;
      if (c === 0x25 && i + 2 < name.length && isHex(name.charCodeAt(i + 1)) && isHex(name.charCodeAt(i + 2))) {
        i += 2;
        continue;
      }
      return false;
    }
  }
  return true;
}

/**
 * formatJSONPointer reports whether s is a JSON Pointer (RFC 6901 section 3): "" or reference
 * tokens each after a "/", with "~" only in "~0" and "~1".
 */
export function formatJSONPointer(s: string): boolean {
  if (s !== "" && s[0] !== "/") return false;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "~" && s[i + 1] !== "0" && s[i + 1] !== "1") return false;
  }
  return true;
}

/** nonNegative returns the length of the non-negative-integer (0, or digits not starting with 0) at i. */
function nonNegative(s: string, i: number): number {
  if (i >= s.length || !isDigit(s.charCodeAt(i))) return 0;
  if (s[i] === "0") return 1;
  let j = i + 1;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  return j - i;
}

/**
 * relativeJSONPointer checks a Relative JSON Pointer: a non-negative integer, an index
 * manipulation (+N or -N) when index is set, then a JSON Pointer or "#".
 */
function relativeJSONPointer(s: string, index: boolean): boolean {
  let i = nonNegative(s, 0);
  if (i === 0) return false;
  if (index && (s[i] === "+" || s[i] === "-")) {
    const j = nonNegative(s, i + 1);
    if (j === 0) return false;
    i += 1 + j;
  }
  const rest = s.slice(i);
  return rest === "#" || formatJSONPointer(rest);
}

/**
 * formatRelativeJSONPointer reports whether s is a Relative JSON Pointer as draft 2020-12
 * defines it (draft-bhutton-relative-json-pointer-00, with index manipulation).
 */
export function formatRelativeJSONPointer(s: string): boolean {
  return relativeJSONPointer(s, true);
}

/**
 * formatRelativeJSONPointerDraft7 reports whether s is a Relative JSON Pointer as drafts 7 and
 * 2019-09 define it (draft-handrews-relative-json-pointer, no index manipulation).
 */
export function formatRelativeJSONPointerDraft7(s: string): boolean {
  return relativeJSONPointer(s, false);
}

// E-mail addresses (RFC 5321 section 4.1.2, RFC 6531 section 3.3).

/** email checks a Mailbox; idn allows UTF-8 beyond ASCII in the local part and U-labels in the domain. */
function email(s: string, idn: boolean): boolean {
  if (s === "" || utf8Length(s) > 254) return false;
  let i = 0;
  if (s[0] === '"') {
    // Quoted-string: qtextSMTP (%d32-33 / %d35-91 / %d93-126) and quoted pairs.
    for (i = 1; i < s.length && s[i] !== '"'; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x5c) {
        i++;
        const d = s.charCodeAt(i);
        if (i === s.length || d < 32 || d > 126) return false;
      } else if (c < 32 || c === 127 || (c >= 0x80 && !idn)) {
        return false;
      }
    }
    if (i === s.length) return false;
    i++;
  } else {
    // Dot-string: atoms of atext separated by single dots.
    for (; i < s.length && s[i] !== "@"; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x2e) {
        if (i === 0 || s[i - 1] === ".") return false;
      } else if (!isAlpha(c) && !isDigit(c) && !"!#$%&'*+-/=?^_`{|}~".includes(s[i]!) && !(c >= 0x80 && idn)) {
        return false;
      }
    }
    if (i === 0 || s[i - 1] === ".") return false;
  }
  if (i >= s.length || s[i] !== "@" || utf8Length(s.slice(0, i)) > 64) return false;
  const domain = s.slice(i + 1);
  if (domain.startsWith("[")) {
    if (!domain.endsWith("]")) return false;
    const lit = domain.slice(1, -1);
    if (lit.length > 5 && asciiFold(lit.slice(0, 5), "IPv6:")) return formatIPv6(lit.slice(5));
    return ipv4(lit, false);
  }
  return hostname(domain, idn, true);
}

/**
 * formatEmail reports whether s is an e-mail address: RFC 5321's Mailbox (a dot-string or
 * quoted local part of at most 64 octets, then a host name or an IPv4 or IPv6 address literal),
 * at most 254 octets.
 */
export function formatEmail(s: string): boolean {
  return email(s, false);
}

/** formatIDNEmail reports whether s is an internationalized e-mail address (RFC 6531). */
export function formatIDNEmail(s: string): boolean {
  return email(s, true);
}

// Host names (RFC 1123 section 2.1) and IDNA2008 (RFC 5890-5893).

interface UnicodeRanges {
  starts: Uint32Array;
  values: Uint16Array;
}

/**
 * decodeRanges reads a table of the format below: pairs of varints (the distance from the
 * previous range's start, then the value), base-32 digits least significant first; a digit of
 * LAST_DIGITS ends a number.
 */
function decodeRanges(s: string): UnicodeRanges {
  const last = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
  const more = "WXYZabcdefghijklmnopqrstuvwxyz!#";
  const starts: number[] = [];
  const values: number[] = [];
  let x = 0;
  let shift = 0;
  let start = 0;
  let odd = false;
  for (const ch of s) {
    const d = more.indexOf(ch);
    if (d >= 0) {
      x += d * 2 ** shift;
      shift += 5;
      continue;
    }
    x += last.indexOf(ch) * 2 ** shift;
    if (odd) {
      values.push(x);
    } else {
      start += x;
      starts.push(start);
    }
    odd = !odd;
    x = 0;
    shift = 0;
  }
  return { starts: Uint32Array.from(starts), values: Uint16Array.from(values) };
}

function lookup(t: UnicodeRanges, r: number): number {
  let lo = 0;
  let hi = t.starts.length;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (t.starts[m]! <= r) lo = m + 1;
    else hi = m;
  }
  return lo === 0 ? 0 : t.values[lo - 1]!;
}

let idnaRanges: UnicodeRanges | undefined;
let identRanges: UnicodeRanges | undefined;
const idna = (): UnicodeRanges => (idnaRanges ??= decodeRanges(IDNA_TABLE));
const ident = (): UnicodeRanges => (identRanges ??= decodeRanges(IDENT_TABLE));

// The fields of an IDNA table value: property (bits 0-1: PVALID, CONTEXTJ, CONTEXTO; 0 is
// DISALLOWED), Bidi class (2-5), joining type (6-8), virama (9), mark (10), script (11-13).
const P_VALID = 1;
const CONTEXT_J = 2;
const CONTEXT_O = 3;
const BIDI_L = 1, BIDI_R = 2, BIDI_AL = 3, BIDI_AN = 4, BIDI_EN = 5, BIDI_ES = 6, BIDI_CS = 7, BIDI_ET = 8, BIDI_ON = 9, BIDI_BN = 10, BIDI_NSM = 11;
const JOIN_L = 1, JOIN_D = 2, JOIN_R = 3, JOIN_T = 4;
const SCRIPT_GREEK = 1, SCRIPT_HEBREW = 2, SCRIPT_HIRAGANA = 3, SCRIPT_KATAKANA = 4, SCRIPT_HAN = 5;

/** LabelRune is one code point of a label with its IDNA table value. */
interface LabelRune {
  r: number;
  v: number;
}

const property = (c: LabelRune): number => c.v & 3;
const joining = (c: LabelRune): number => (c.v >> 6) & 7;
const virama = (c: LabelRune): boolean => ((c.v >> 9) & 1) === 1;
const isMark = (c: LabelRune): boolean => ((c.v >> 10) & 1) === 1;
const script = (c: LabelRune): number => (c.v >> 11) & 7;

function bidi(c: LabelRune): number {
  if (isDigit(c.r)) return BIDI_EN;
  if (c.r === 0x2d) return BIDI_ES;
  if (c.r >= 0x41 && c.r <= 0x5a) return BIDI_L;
  return (c.v >> 2) & 15;
}

function labelRunes(cs: number[]): LabelRune[] {
  const t = idna();
  return cs.map((r) => ({ r, v: lookup(t, r) }));
}

/** ldhLabel checks a label of letters, digits and hyphens, 1 to 63 long, with no hyphen first or last. */
function ldhLabel(l: string): boolean {
  if (l === "" || l.length > 63 || l[0] === "-" || l[l.length - 1] === "-") return false;
  for (let i = 0; i < l.length; i++) {
    const c = l.charCodeAt(i);
    if (!isAlpha(c) && !isDigit(c) && c !== 0x2d) return false;
  }
  return true;
}

/**
 * uLabel checks a U-label (RFC 5891 section 4.2.3, RFC 5892): no "--" in the third and fourth
 * positions, no hyphen first or last, no combining mark first, every code point PVALID or a
 * CONTEXTJ / CONTEXTO code point whose rule (RFC 5892 appendix A) holds.
 */
function uLabel(u: LabelRune[]): boolean {
  const n = u.length;
  if (n === 0 || u[0]!.r === 0x2d || u[n - 1]!.r === 0x2d || (n >= 4 && u[2]!.r === 0x2d && u[3]!.r === 0x2d) || isMark(u[0]!)) {
    return false;
  }
  let asian = false;
  let arabic = false;
  let extended = false;
  for (const c of u) {
    const s = script(c);
    if (s === SCRIPT_HIRAGANA || s === SCRIPT_KATAKANA || s === SCRIPT_HAN) asian = true;
    else if (c.r >= 0x0660 && c.r <= 0x0669) arabic = true;
    else if (c.r >= 0x06f0 && c.r <= 0x06f9) extended = true;
  }
  for (let i = 0; i < n; i++) {
    const c = u[i]!;
    switch (property(c)) {
      case P_VALID:
        continue;
      case CONTEXT_J: {
        if (i > 0 && virama(u[i - 1]!)) continue;
        if (c.r === 0x200d) return false;
        // ZERO WIDTH NON-JOINER: (L|D) T* ZWNJ T* (R|D).
        let j = i - 1;
        while (j >= 0 && joining(u[j]!) === JOIN_T) j--;
        let k = i + 1;
        while (k < n && joining(u[k]!) === JOIN_T) k++;
        if (j < 0 || k === n) return false;
        const before = joining(u[j]!);
        const after = joining(u[k]!);
        if ((before !== JOIN_L && before !== JOIN_D) || (after !== JOIN_R && after !== JOIN_D)) return false;
        continue;
      }
      case CONTEXT_O: {
        const r = c.r;
        let ok = false;
        if (r === 0x00b7) ok = i > 0 && i < n - 1 && u[i - 1]!.r === 0x6c && u[i + 1]!.r === 0x6c;
        else if (r === 0x0375) ok = i < n - 1 && script(u[i + 1]!) === SCRIPT_GREEK;
        else if (r === 0x05f3 || r === 0x05f4) ok = i > 0 && script(u[i - 1]!) === SCRIPT_HEBREW;
        else if (r === 0x30fb) ok = asian;
        else if (r >= 0x0660 && r <= 0x0669) ok = !extended;
        else if (r >= 0x06f0 && r <= 0x06f9) ok = !arabic;
        if (!ok) return false;
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

/** bidiLabel checks the Bidi rule of RFC 5893 section 2 on one label of a Bidi domain name. */
function bidiLabel(u: LabelRune[]): boolean {
  let allowed: number;
  let rtl = false;
  const first = bidi(u[0]!);
  if (first === BIDI_R || first === BIDI_AL) {
    rtl = true;
    allowed = (1 << BIDI_R) | (1 << BIDI_AL) | (1 << BIDI_AN) | (1 << BIDI_EN) | (1 << BIDI_ES) | (1 << BIDI_CS) | (1 << BIDI_ET) | (1 << BIDI_ON) | (1 << BIDI_BN) | (1 << BIDI_NSM);
  } else if (first === BIDI_L) {
    allowed = (1 << BIDI_L) | (1 << BIDI_EN) | (1 << BIDI_ES) | (1 << BIDI_CS) | (1 << BIDI_ET) | (1 << BIDI_ON) | (1 << BIDI_BN) | (1 << BIDI_NSM);
  } else {
    return false;
  }
  let en = false;
  let an = false;
  let last = 0;
  for (const c of u) {
    const b = bidi(c);
    if ((allowed & (1 << b)) === 0) return false;
    en ||= b === BIDI_EN;
    an ||= b === BIDI_AN;
    if (b !== BIDI_NSM) last = b;
  }
  if (rtl) return !(en && an) && (last === BIDI_R || last === BIDI_AL || last === BIDI_EN || last === BIDI_AN);
  return last === BIDI_L || last === BIDI_EN;
}

/**
 * hostname checks a host name: labels of at most 63 octets, at most 253 octets in all
 * (counting U-labels by their A-label form). An A-label ("xn--…") must be the Punycode of a
 * valid U-label; idn also accepts U-labels and, unless dotsOnly, the ideographic full stops
 * U+3002, U+FF0E and U+FF61 as separators. A name with a right-to-left label must satisfy the
 * Bidi rule in every label.
 */
function hostname(s: string, idn: boolean, dotsOnly: boolean): boolean {
  if (s === "" || s.length > 253 * 4) return false;
  const labels: number[][] = [[]];
  for (const r of codePoints(s)) {
    if (r === 0x2e || (idn && !dotsOnly && (r === 0x3002 || r === 0xff0e || r === 0xff61))) labels.push([]);
    else if (r >= 0x80 && !idn) return false;
    else labels[labels.length - 1]!.push(r);
  }
  let total = labels.length - 1;
  const runes: (LabelRune[] | undefined)[] = [];
  let rtl = false;
  for (const cs of labels) {
    let u: LabelRune[] | undefined;
    if (cs.every((c) => c < 0x80)) {
      const l = String.fromCharCode(...cs);
      if (!ldhLabel(l)) return false;
      total += l.length;
      if (l.length >= 4 && asciiFold(l.slice(0, 4), "xn--")) {
        // DNS labels are case-insensitive (RFC 4343): the A-label is read in lower case.
        const a = l.slice(4).toLowerCase();
        const d = punycodeDecode(a);
        if (d === undefined) return false;
        if (punycodeEncode(d) !== a) return false;
        u = labelRunes(d);
        if (!u.some((c) => c.r >= 0x80) || !uLabel(u)) return false;
      }
    } else {
      if (cs.length > 59) return false; // the A-label would be longer than 63
      u = labelRunes(cs);
      if (!uLabel(u)) return false;
      const e = punycodeEncode(cs);
      if (e === undefined || e.length + 4 > 63) return false;
      total += e.length + 4;
    }
    // An LDH label (u undefined) has no right-to-left code point.
    for (const c of u ?? []) {
      const b = bidi(c);
      if (b === BIDI_R || b === BIDI_AL || b === BIDI_AN) rtl = true;
    }
    runes.push(u);
  }
  if (total > 253) return false;
  return !rtl || runes.every((u, i) => bidiLabel(u ?? labelRunes(labels[i]!)));
}

/** formatHostname reports whether s is a host name (RFC 1123 section 2.1; A-labels as RFC 5891 section 4.4 says). */
export function formatHostname(s: string): boolean {
  return hostname(s, false, false);
}

/**
 * formatIDNHostname reports whether s is an internationalized host name (RFC 5890 section
 * 2.3.2.3, without the mappings of UTS #46).
 */
export function formatIDNHostname(s: string): boolean {
  return hostname(s, true, false);
}

// Punycode (RFC 3492).
const PUNY_BASE = 36;
const PUNY_TMIN = 1;
const PUNY_TMAX = 26;
const PUNY_SKEW = 38;
const PUNY_DAMP = 700;
const MAX_INT = 0x7fffffff;

function punyAdapt(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / PUNY_DAMP) : Math.floor(delta / 2);
  delta += Math.floor(delta / points);
  let k = 0;
  while (delta > ((PUNY_BASE - PUNY_TMIN) * PUNY_TMAX) >> 1) {
    delta = Math.floor(delta / (PUNY_BASE - PUNY_TMIN));
    k += PUNY_BASE;
  }
  return k + Math.floor(((PUNY_BASE - PUNY_TMIN + 1) * delta) / (delta + PUNY_SKEW));
}

function punyThreshold(k: number, bias: number): number {
  const t = k - bias;
  return t < PUNY_TMIN ? PUNY_TMIN : t > PUNY_TMAX ? PUNY_TMAX : t;
}

/**
 * punycodeDecode decodes the part of an A-label after "xn--"; undefined when it is not
 * Punycode or decodes to a surrogate or a value past U+10FFFF.
 */
function punycodeDecode(s: string): number[] | undefined {
  const out: number[] = [];
  let b = s.lastIndexOf("-");
  if (b > 0) {
    for (let i = 0; i < b; i++) out.push(s.charCodeAt(i));
    b++;
  } else {
    b = 0;
  }
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let at = b; at < s.length; ) {
    const old = i;
    let w = 1;
    for (let k = PUNY_BASE; ; k += PUNY_BASE) {
      if (at === s.length) return undefined;
      const c = s.charCodeAt(at++);
      let d: number;
      if (isDigit(c)) d = c - 0x30 + 26;
      else if (c >= 0x61 && c <= 0x7a) d = c - 0x61;
      else if (c >= 0x41 && c <= 0x5a) d = c - 0x41;
      else return undefined;
      if (d > Math.floor((MAX_INT - i) / w)) return undefined;
      i += d * w;
      const t = punyThreshold(k, bias);
      if (d < t) break;
      if (w > Math.floor(MAX_INT / (PUNY_BASE - t))) return undefined;
      w *= PUNY_BASE - t;
    }
    const points = out.length + 1;
    bias = punyAdapt(i - old, points, old === 0);
    if (Math.floor(i / points) > 0x10ffff - n) return undefined;
    n += Math.floor(i / points);
    i %= points;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    out.splice(i, 0, n);
    i++;
  }
  return out;
}

/** punycodeEncode encodes a label (without the "xn--"). */
function punycodeEncode(u: number[]): string | undefined {
  let b = "";
  for (const r of u) if (r < 0x80) b += String.fromCharCode(r);
  const basic = b.length;
  let h = basic;
  if (basic > 0) b += "-";
  let n = 128;
  let delta = 0;
  let bias = 72;
  while (h < u.length) {
    let m = MAX_INT;
    for (const r of u) if (r >= n && r < m) m = r;
    if (m - n > Math.floor((MAX_INT - delta) / (h + 1))) return undefined;
    delta += (m - n) * (h + 1);
    n = m;
    for (const r of u) {
      if (r < n) delta++;
      if (r === n) {
        let q = delta;
        for (let k = PUNY_BASE; ; k += PUNY_BASE) {
          const t = punyThreshold(k, bias);
          if (q < t) break;
          b += punyDigit(t + ((q - t) % (PUNY_BASE - t)));
          q = Math.floor((q - t) / (PUNY_BASE - t));
        }
        b += punyDigit(q);
        bias = punyAdapt(delta, h + 1, h === basic);
        delta = 0;
        h++;
      }
    }
    delta++;
    n++;
  }
  return b;
}

function punyDigit(d: number): string {
  return String.fromCharCode(d < 26 ? 0x61 + d : 0x30 + d - 26);
}

// Regular expressions (ECMA-262, 16th edition, 2025: the Pattern grammar with the u flag).

/** RegexFrame is an open group: when its disjunction and its current alternative began. */
interface RegexFrame {
  disj: number;
  alt: number;
  lookaround: boolean;
}

class RegexParser {
  i = 0;
  time = 0;
  frames: RegexFrame[] = [{ disj: 0, alt: 0, lookaround: false }];
  groups = 0;
  names = new Map<string, number>(); // group name → when its latest group began
  refs: string[] = []; // names that \k refers to
  maxRef = 0; // the largest \N

  constructor(readonly s: number[]) {}

  peek(k: number): number {
    return this.i + k < this.s.length ? this.s[this.i + k]! : -1;
  }

  tick(): number {
    return ++this.time;
  }

  /** braces reads the rest of a {n}, {n,} or {n,m} quantifier, n <= m. */
  braces(): boolean {
    // digits returns the [start, end) of a run of digits, leading zeros left out.
    const digits = (): [number, number] => {
      const j = this.i;
      while (this.i < this.s.length && isDigit(this.s[this.i]!)) this.i++;
      let k = j;
      while (k < this.i && this.s[k] === 0x30) k++;
      return [k, this.i];
    };
    const lo = digits();
    if (this.i === this.s.length || this.s[this.i - 1] === 0x7b) return false;
    let hi = lo;
    let bounded = true;
    if (this.s[this.i] === 0x2c) {
      this.i++;
      if (this.peek(0) === 0x7d) bounded = false;
      hi = digits();
    }
    if (this.peek(0) !== 0x7d) return false;
    this.i++;
    if (!bounded) return true;
    const n = lo[1] - lo[0];
    if (n !== hi[1] - hi[0]) return n < hi[1] - hi[0];
    for (let k = 0; k < n; k++) {
      const a = this.s[lo[0] + k]!;
      const b = this.s[hi[0] + k]!;
      if (a !== b) return a < b;
    }
    return true;
  }

  /** group reads what follows "(" up to the group's disjunction and opens it. */
  group(): boolean {
    let lookaround = false;
    if (this.peek(0) !== 0x3f) {
      this.groups++;
    } else {
      this.i++;
      const c = this.peek(0);
      if (c === 0x3d || c === 0x21) {
        this.i++;
        lookaround = true;
      } else if (c === 0x3c && (this.peek(1) === 0x3d || this.peek(1) === 0x21)) {
        this.i += 2;
        lookaround = true;
      } else if (c === 0x3c) {
        this.i++;
        const name = this.groupName();
        if (name === undefined || !this.uniqueName(name)) return false;
        this.groups++;
      } else {
        // (?: and the modifiers (?ims-ims:
        const seen = new Set<number>();
        const flags = (): number => {
          let n = 0;
          for (let q = this.peek(0); q === 0x69 || q === 0x6d || q === 0x73; q = this.peek(0)) {
            if (seen.has(q)) return -1;
            seen.add(q);
            this.i++;
            n++;
          }
          return n;
        };
        const add = flags();
        if (add < 0) return false;
        if (this.peek(0) === 0x2d) {
          this.i++;
          const remove = flags();
          if (remove < 0 || add + remove === 0) return false;
        }
        if (this.peek(0) !== 0x3a) return false;
        this.i++;
      }
    }
    const disj = this.tick();
    this.frames.push({ disj, alt: disj, lookaround });
    return true;
  }

  /**
   * uniqueName records a group name. ECMA-262 allows a name twice only in groups that cannot
   * both take part in a match: groups in different alternatives of a disjunction. The latest
   * group of the name decides (the earlier ones are in alternatives before it).
   */
  uniqueName(name: string): boolean {
    const now = this.tick();
    const t = this.names.get(name);
    this.names.set(name, now);
    if (t === undefined) return true;
    // The deepest open alternative that began before the earlier group.
    let lo = 0;
    let hi = this.frames.length;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (this.frames[m]!.alt <= t) lo = m + 1;
      else hi = m;
    }
    const i = lo - 1;
    if (i < 0) return true; // an earlier alternative of the pattern
    if (i === this.frames.length - 1) return false; // the same alternative
    // Inside the next open group, in one of its earlier alternatives: exclusive; before it:
    // both take part.
    return this.frames[i + 1]!.disj <= t;
  }

  /** groupName reads a RegExpIdentifierName and its closing ">". */
  groupName(): string | undefined {
    let b = "";
    for (;;) {
      let c = this.peek(0);
      if (c < 0) return undefined;
      this.i++;
      if (c === 0x3e) return b.length > 0 ? b : undefined;
      if (c === 0x5c) {
        if (this.peek(0) !== 0x75) return undefined;
        this.i++;
        const e = this.unicodeEscape();
        if (e === undefined) return undefined;
        c = e;
      }
      const id = lookup(ident(), c);
      if (!(c === 0x24 || c === 0x5f || id === 2 || (b.length > 0 && (id === 1 || c === 0x200c || c === 0x200d)))) return undefined;
      b += String.fromCodePoint(c);
    }
  }

  /** unicodeEscape reads what follows "\u": XXXX (a surrogate pair as \uXXXX\uXXXX) or {X…}. */
  unicodeEscape(): number | undefined {
    if (this.peek(0) === 0x7b) {
      this.i++;
      let v = 0;
      let n = 0;
      for (; isHex(this.peek(0)); n++) {
        v = v * 16 + hexValue(this.peek(0));
        if (v > 0x10ffff) return undefined;
        this.i++;
      }
      if (n === 0 || this.peek(0) !== 0x7d) return undefined;
      this.i++;
      return v;
    }
    const v = this.hex(4);
    if (v === undefined) return undefined;
    if (v >= 0xd800 && v <= 0xdbff && this.peek(0) === 0x5c && this.peek(1) === 0x75) {
      const save = this.i;
      this.i += 2;
      const w = this.hex(4);
      if (w !== undefined && w >= 0xdc00 && w <= 0xdfff) return (v - 0xd800) * 0x400 + (w - 0xdc00) + 0x10000;
      this.i = save;
    }
    return v;
  }

  hex(n: number): number | undefined {
    let v = 0;
    for (let k = 0; k < n; k++) {
      const c = this.peek(0);
      if (!isHex(c)) return undefined;
      v = v * 16 + hexValue(c);
      this.i++;
    }
    return v;
  }

  /**
   * escape reads what follows a "\" (inClass: in a character class). It returns the code
   * point, -1 for a class escape (\d, \p{…} …), or undefined when the escape is not valid.
   */
  escape(inClass: boolean): number | undefined {
    const c = this.peek(0);
    if (c < 0) return undefined;
    this.i++;
    switch (c) {
      case 0x64: case 0x44: case 0x73: case 0x53: case 0x77: case 0x57: // d D s S w W
        return -1;
      case 0x70: case 0x50: // p P
        return this.property() ? -1 : undefined;
      case 0x66: return 0x0c; // f
      case 0x6e: return 0x0a; // n
      case 0x72: return 0x0d; // r
      case 0x74: return 0x09; // t
      case 0x76: return 0x0b; // v
      case 0x63: { // c
        const l = this.peek(0);
        if (!isAlpha(l)) return undefined;
        this.i++;
        return l % 32;
      }
      case 0x30: // 0
        return isDigit(this.peek(0)) ? undefined : 0;
      case 0x78: // x
        return this.hex(2);
      case 0x75: // u
        return this.unicodeEscape();
    }
    if (c >= 0x31 && c <= 0x39) {
      if (inClass) return undefined;
      let n = c - 0x30;
      for (let d = this.peek(0); isDigit(d); d = this.peek(0)) {
        if (n < 1 << 20) n = n * 10 + (d - 0x30);
        this.i++;
      }
      this.maxRef = Math.max(this.maxRef, n);
      return -1;
    }
    if (c === 0x6b && !inClass) { // k
      if (this.peek(0) !== 0x3c) return undefined;
      this.i++;
      const name = this.groupName();
      if (name === undefined) return undefined;
      this.refs.push(name);
      return -1;
    }
    if (c === 0x62 && inClass) return 0x08; // b
    if (c === 0x2d && inClass) return 0x2d; // -
    if (c < 0x80 && "^$\\.*+?()[]{}|/".includes(String.fromCharCode(c))) return c;
    return undefined;
  }

  /** property reads the {…} of \p or \P. */
  property(): boolean {
    if (this.peek(0) !== 0x7b) return false;
    this.i++;
    let body = "";
    while (this.i < this.s.length && this.s[this.i] !== 0x7d) body += String.fromCodePoint(this.s[this.i++]!);
    if (this.i === this.s.length) return false;
    this.i++;
    const within = (list: string, name: string): boolean => name !== "" && ` ${list} `.includes(` ${name} `);
    const eq = body.indexOf("=");
    if (eq >= 0) {
      const name = body.slice(0, eq);
      const value = body.slice(eq + 1);
      switch (name) {
        case "General_Category": case "gc":
          return within(GENERAL_CATEGORY_NAMES, value);
        case "Script": case "sc": case "Script_Extensions": case "scx":
          return within(SCRIPT_NAMES, value);
      }
      return false;
    }
    return within(GENERAL_CATEGORY_NAMES, body) || within(BINARY_PROPERTY_NAMES, body);
  }

  /** classAtom reads one atom of a character class: its code point, or -1 for a class escape. */
  classAtom(): number | undefined {
    const c = this.peek(0);
    if (c < 0) return undefined;
    this.i++;
    return c === 0x5c ? this.escape(true) : c;
  }

  /** cls reads the rest of a character class: ranges must be in order and between code points. */
  cls(): boolean {
    if (this.peek(0) === 0x5e) this.i++;
    for (;;) {
      const c = this.peek(0);
      if (c < 0) return false;
      if (c === 0x5d) {
        this.i++;
        return true;
      }
      const a = this.classAtom();
      if (a === undefined) return false;
      if (this.peek(0) === 0x2d && this.peek(1) !== 0x5d && this.peek(1) >= 0) {
        this.i++;
        const b = this.classAtom();
        if (b === undefined || a < 0 || b < 0 || a > b) return false;
      }
    }
  }
}

function hexValue(c: number): number {
  return c <= 0x39 ? c - 0x30 : c <= 0x46 ? c - 0x41 + 10 : c - 0x61 + 10;
}

/** The binary properties of ECMA-262 table 68, with their aliases. */
const BINARY_PROPERTY_NAMES =
  "ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C " +
  "Bidi_Mirrored Bidi_M Case_Ignorable CI Cased Changes_When_Casefolded CWCF Changes_When_Casemapped CWCM " +
  "Changes_When_Lowercased CWL Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT " +
  "Changes_When_Uppercased CWU Dash Default_Ignorable_Code_Point DI Deprecated Dep Diacritic Dia Emoji " +
  "Emoji_Component EComp Emoji_Modifier EMod Emoji_Modifier_Base EBase Emoji_Presentation EPres " +
  "Extended_Pictographic ExtPict Extender Ext Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext Hex_Digit Hex " +
  "IDS_Binary_Operator IDSB IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS Ideographic Ideo " +
  "Join_Control Join_C Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point NChar " +
  "Pattern_Syntax Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark Radical Regional_Indicator RI " +
  "Sentence_Terminal STerm Soft_Dotted SD Terminal_Punctuation Term Unified_Ideograph UIdeo Uppercase Upper " +
  "Variation_Selector VS White_Space space XID_Continue XIDC XID_Start XIDS";

/**
 * formatRegex reports whether s is a regular expression of ECMA-262 (2025) with the u flag:
 * the Pattern grammar and its early errors (group names, back references, quantifier bounds,
 * class ranges, \p{…} names, modifiers).
 */
export function formatRegex(s: string): boolean {
  const p = new RegexParser(codePoints(s));
  let quantifiable = false;
  while (p.i < p.s.length) {
    const c = p.s[p.i++]!;
    switch (c) {
      case 0x7c: // |
        p.frames[p.frames.length - 1]!.alt = p.tick();
        quantifiable = false;
        break;
      case 0x29: // )
        if (p.frames.length === 1) return false;
        quantifiable = !p.frames.pop()!.lookaround;
        break;
      case 0x28: // (
        if (!p.group()) return false;
        quantifiable = false;
        break;
      case 0x5e: case 0x24: // ^ $
        quantifiable = false;
        break;
      case 0x5c: { // \
        const q = p.peek(0);
        if (q === 0x62 || q === 0x42) {
          p.i++;
          quantifiable = false;
        } else if (p.escape(false) === undefined) {
          return false;
        } else {
          quantifiable = true;
        }
        break;
      }
      case 0x5b: // [
        if (!p.cls()) return false;
        quantifiable = true;
        break;
      case 0x2a: case 0x2b: case 0x3f: case 0x7b: // * + ? {
        if (!quantifiable || (c === 0x7b && !p.braces())) return false;
        if (p.peek(0) === 0x3f) p.i++;
        quantifiable = false;
        break;
      case 0x5d: case 0x7d: // ] }
        return false;
      default:
        quantifiable = true;
    }
  }
  if (p.frames.length !== 1 || p.maxRef > p.groups) return false;
  return p.refs.every((n) => p.names.has(n));
}

// BEGIN UNICODE TABLES (go run ./generator/formats/internal/ucdtables; do not edit)

/** The version of the Unicode Character Database the tables come from. */
export const UNICODE_VERSION = "15.0.0";

/**
 * The IDNA2008 derived property of every code point (RFC 5892), with the Bidi class, joining
 * type, virama, mark and script of those that may appear in a label.
 */
const IDNA_TABLE =
  "00j1P102LA0d15Q0y1d110d15O01580151015101510151015101510151015101510151015101510151015101" +
  "5101510151015101510151015101510151015101510351015201510151015103510151015101510251015101" +
  "5101510151015101510151015101510151015101510151015101510151015101510151015101510151025101" +
  "510151015102510151025103520451025103530251025101510151025101520151025103510151025301570A" +
  "5101510151015101510151015101520151015101510151015101510151015101520451035101510151015101" +
  "5101510151015101510151015101510151015101510151015101510151015101510151015101510151015101" +
  "510151015101570251025201510451015101510151015X309b125704b1A520Qb1101510Hjf1W202jf1103jf1" +
  "901jf1W101bW2101bW2101dX2101bW2103bW230IbW210RbW2Z108bW2101bW2101bW2101bW2101bW2101bW210" +
  "15101510151015101510151015103bW2104bW2102bW220p15m10151015101510151015101510151015101510" +
  "151015101510151015101510151015101jf15035101510151015101510151015101510151015101510151015" +
  "1015101510151015101510151015101510151015101510151015101510251015101510151015101510152015" +
  "1015101510151015101510151015101510151015101510151015101510151015101510151015101510151015" +
  "1015101510151015101510151015101510151015101510151015101510151015101510151015101510151015" +
  "10151015101510f151065d1015108jf5j101jf5101jf5201jf5201jf5108fW4R04fW44hW420Rjf1B05j41D1j" +
  "64j41j61j41j61j45j64j4D01j47j61j42jf1LJA04j42jf11j63D104j4Fj6Ij4c1j61j42j69j41j61j41j61j" +
  "42j6201j61jf1702jf16D2jf1201jf14j62NAj43D2j410Gj61jf11j43j65j44j61j49j61j41j61j41j61j42j" +
  "61jf1R02j61j4Bj63j4Fj62j44j61j41j62j43j62j46Dc1jf1BD10E9Af4X1jf199207jf11029Mjf1491jf199" +
  "1jf1391jf150If61f45f62f41f61f4Af61f41f63jf1304j41D1j44D1j61j41j6205j6JjA3j41D101j45j6109" +
  "jf18j4Aj63D1j61j42j62j46j61j4FD1jf1O01jf1W1bW115s1jf11bW11jf1151bW13jf18bW14jv11bW1251jf" +
  "170852jf12025A015Gjf11bW1201580252025M01570151035402jf1151bW13jf1402bW1202bW12jv115108bW" +
  "110852jf12025C0A5101jf1102jf12bW1101560452025M015701510251025202jf1101bW13jf1204jf1202jf" +
  "12jv1103jf110A51095Ajf1253jf110Bjf12bW1101590153015M01570152015502jf1151bW13jf1501jf12bW" +
  "1101bW12jv1102510F52jf12025A0951jf1601jf11bW1201580252025M01570152015502jf1151bW11jf11bW" +
  "11jf1402bW1202bW12jv1107jf12bW110753jf12025A01510Gjf115101560353015403520151015203520353" +
  "035C04bW12jf11bW1203bW1301bW13jv11025106bW110E5A0Gjf11bW13jf11580153015N015G02jf1151jf13" +
  "bW1401jf1301jf13jv1107jf12015302510252jf12025A0G51jf11bW1201580153015N015A015502jf1151bW" +
  "11be11bW1501be11bW1201bW12jf11jv1107bW1206520152jf12025A0152bW110Cjf12bW12590153015f1jv1" +
  "251bW13jf1401bW1301bW13jv11510553bW110753jf12025A0A5601jf11bW12015I035O01590151025703jv1" +
  "104bW13jf1301jf1101bW18065A02bW120D5m1jf115101jf16jv110557jf18015A0d15201510155015O01510" +
  "15Ajf115101jf16jv11jf12510255015101jf17015A04520W1510A510Cjf12065A0Bjf1101jf1101jf1104bW" +
  "125301540154015401540154015C015304jf1201jf1105jf15bW11jf1101jf12jv1101jf1255jf1601jf1401" +
  "jf1401jf1401jf1401jf1401jf1C01jf1309jf110v15h1bW12jf14bW11jf16bW11jv12bW12jf125B0656bW12" +
  "jf1254jf1351bW1352bW1753jf145Djf11bW12jf12bW16jf1151bW115AbW13jf110o15h102530W85f2015402" +
  "5701510154025f10154025X10154025701510154025F015v10154025Z202jf130W15G0G5s20B5iJ025H015Q0" +
  "55h20658075Ijf12jv11bm11095Jjf12bm110B5Ijf120C5D015301jf120C5q102bW11jf17bW18jf11bW12jf1" +
  "9jv11jf1103510451jf11025A0c15A06b4v20755jf12b4Y1jf11b41055c20A5V01jf13bW14jf12bW1304bW12" +
  "jf11bW16jf130A5e102550B5i1045Q065A0c15Njf12bW12jf11045r1bW11jf11bW11jf1701jv11bW11jf11bW" +
  "12jf18bW16jf1A02jf115A065A0D5108jf1E01jf1G0n1jf14bW115l1jf11bW11jf15bW11jf11bW15jf11bW11" +
  "bm1158035A0Hjf190Cjf12bW115UbW11jf14bW12jf12bm11jv11jf125u1jf11bW11jf12bW13jf11bW11jf13b" +
  "m120C5a1bW18jf18bW12jf12085A035n10o2jf1301jf1DbW11jf1754jf1156jf1152bW11jf1251055c1bW255" +
  "103510B510I510S5D015Y10b1jf1W20151015101510151015101510151015101510151015101510151015101" +
  "5101510151015101510151015101510151015101510151015101510151015101510151015101510151015101" +
  "5101510151015101510151015101510151015101510151015101510151015101510151015101510151015101" +
  "5101510151015101510151015101510151015101510151015101510151015101550252015101510151015101" +
  "5101510151015101510151015101510151015101510151015101510151015101510151015101510151015101" +
  "5101510151015101510151015101510151015101510151015101510151015101510151015101510151015101" +
  "51bW2808bW260AbW2808bW2808bW260AbW2808bW2808bW2101bW2101bW2101bW2101bW2101bW2101bW210p1b" +
  "W2204bW210FbW2109bW2303bW2208bW2301bW240EbW210Lg11gB10WA510r1510hr25m1015103520151015101" +
  "5104510152015605510151015101510151015101510151015101510151015101510151015101510151015101" +
  "5101510151015101510151015101510151015101510151015101510151015101510151015101510151015101" +
  "5101510151015101510151015101510151015207510151jf1301510C5c101510551025u10Njv115N09570157" +
  "01570157015701570157015701jf1W10l1b110rEbWA151bWA10Y1jf140E5104bW6s202jf1202bW6202bW8w2d" +
  "1151bW82065h10m35W10m1bW8G0WGbWAWk60W2bWAWmK5ja10Z25k1025j8035S0L51015101510151015101510" +
  "1510151015101510151015101510151015101510151015101510151015101510152jf1104jf1A01b11015101" +
  "5101510151015101510151015101510151015101510151015102jf125c20Ajf120b1b1903510151015101510" +
  "1510151015301510151015101510151015101510151015101510151015101510151015101510151015101510" +
  "1510151015101510151015101510151015101510151015101580151015102510151015101510151b11035101" +
  "5201510153015101510151015101510151015101510151015105510551015101510151015101510151015104" +
  "510151065101510151015101510S520258jf1153jv1154jf115NbW12jf12bW1104jv110Jb4o1b21510CbW125" +
  "o1bW1Gjv11jf110A5A06jf1I5603510152jf115c1jf18025Njf1BbW11bm110i1jf13bW115l1jf11bW12jf14b" +
  "W12jf12bW12bm110E5B0655jf115P015f1jf16bW12jf12bW12jf120953jf1158jf11bW11025A065N0351bW11" +
  "jf11bW115o1jf1151jf1352jf1255jf1251jf11510O53025BbW11jf12bW120253bW11jv110A5602560256095" +
  "70157015h10555bW21530t25Z1bW12jf11bW12jf11bW1201bW11jv11025A065azA0gp8bWA201bWA101bWA20A" +
  "bWA101bWA101bWA202bWA30q7jf510XOjf1G0Z2D10iC5C015Q015J0152015F025E0Y15x30Y8jf110Y45T035n" +
  "10Fjf110V5W10D5K0158065c1jf15055U025a104580u25s3025A0k15a1045e1085q10p15B015F015701520Z2" +
  "5t9095M0A580O510#3960291019i101920391029N0A9N099V0X29J01920A9M0A9Q0c29u106920W291jf1301j" +
  "f1205jf14940193019T02jf1304jv110W19T039T0Z1f45f6191f6101f6292f21f65f44f21f45f61f43f6192f" +
  "61jf120P9s10A9M0A9J0Df41f61f41f63f43f61f42f61f41f62f41f610k39f20t39p10Dj21j4X1j61j41jf14" +
  "08HA0cA9g101jf1203920h2jf139T0A9108j43j61j4HD1jf1B0Vf44f62f4Cjf140g1f4191f42f6391f41f62f" +
  "42f61f4291f41f62f410R9N09bW11jf11bW115r1jf1Ejv110V5Ajv1152jf125109jv11jf12bW115j1bW13jf1" +
  "4bW12jv11jf1107jf110D5P075A06jf135a1jf15bW11jf16jv12015A0451bW1251085Z1jf11025109jf12bW1" +
  "15m1bW13jf19bW11bm115404jf1401bW11jf115B01510Z15I015PbW13jf13bW12jf11bm11jf1206jf1152jf1" +
  "10!15701510154015F015A075l1jf11bW13jf17jv11055A06jf12bW1201580252025M01570152015501jf125" +
  "1bW12jf11bW1402bW1202bW12bm11025106bW110555bW1202jf1703jf150h45r1bW13jf18bW12jv11jf12bW1" +
  "1jf1154055A04jf11530U5m1bW13jf16bW11jf11bW14jf12bW11jv11jf11520151085A0c55l1bW13jf1402bW" +
  "14jf12bW11jv11jf110N54jf120Y15m1bW13jf18bW12jf11bW11jv11jf1103510B5A0c15h1jf11bW11jf11bW" +
  "12jf16bm11jf1151075A0s15R02jf13bW12jf14bW11jf14jv11045A06570v55i1bW13jf19bW11jv11jf110b4" +
  "5g10L58025102580152015ObW1601bW1202jf12bm11jv1151bW1151bW11jf110C5A0c258025d1bW13jf1402j" +
  "f12bW14jv11510151bW110R51jf16be12jf125e1jf11jv11jf14bW1151jf1408jv110851jf16bW12jf135k1j" +
  "f1DbW11jf11jv1103510I5f20d859015b1bW11jf1701jf16bW11bu11510F5A0O5U02jf1M01bW11jf17bW11jf" +
  "12bW11jf120f2570152015c1jf1603jf1101jf1201jf15jv1251jf11085A06560152015W1bW1501jf1201bW1" +
  "2jf11bW11jv1151075A0s95Jjf12bW1209jf1251bW115D015Y1bW12jf1503bW12jf11bm11jv110D5A0s2510l" +
  "25wS0c75a60io25X30F5mX10Gjf1156jf1F0gz35dI0vj85vH075V015A065l2015A065U02jf150B5m1jf17095" +
  "40C5A095L055J0mM5W10W45h204jf1151bW1t107jf145D0W25201bWA1jf110BbWB20E5u#5085sc10g1590dt8" +
  "bW8401bW8701bW8201bW81bW6#8bW830FbW610TbW6302bW810EbW84085iC0ae25h3055D0359075A03jf120Xp" +
  "4jf1k102jf1N0vr2jf1t104jf1o108jf110Ejf110Mjf1501jf1F0mY15V06560r6jf1701jf1H02jf1701jf120" +
  "1jf150a3jf110m35j103jf1757025A04510XA5Ujf110H5i1jf145A0sE5Sjf145A0cN5701540152015F019b60" +
  "Bjf170h2f4Y1jf17f81049A0cr5bWAWtf10W1bWAwX406bWA!602bWAYq50EbWAnf70#W5bWAhw405bWAWZ40";

/** ID_Start and ID_Continue (ECMAScript group names). */
const IDENT_TABLE =
  "00m11A072Q0411012Q0l1210A2101110221052N012V012gE042C0E25072101210H1m32501220224012106211" +
  "1230121012K012p2012h40115022c5012c10221062f1081j10111011201120111082R04240T1B052h11V0422" +
  "112Z3012117021622120114221A2302210G21112U1R022v21B210E1A2X1192204210211022M1421192113211" +
  "50I2P13042B052O012609182g11O011X12s113211I21172A12021A012G1301280222022M0127012103240211" +
  "2117021202132108110422012312021A220A210111021301260422022M012701220122012202110115041202" +
  "13031107240121071C23110B1301290123012M012701220125021121180113011302210F2212021A09211601" +
  "1301280222022M012701220125021121170212021307130422012312021A01210G1121012603230124032201" +
  "21012203220323032C041503130114022106110E1A0G15280123012N012G0211211701130114071201230221" +
  "022212021A0G211301280123012N012A0125021121170113011407120622012212021A0122110C1429012301" +
  "2f11221170113011421052311072312021A0A260113012I032O0129012102270311041601110118061A02120" +
  "D2m1112217052718011A0d12201210125012O0121012A11221921022501210117011A02240W1210N12061A0B" +
  "1101110111041228012a1041K0112251B011a109110v12h11K211A06261424132113221723142D1C211F022c" +
  "101210521022h1012jA0124022701210124022f10124022X10124022701210124022F012v10124022Z202130" +
  "9190E2G0G2s20226032iJ022H012Q052h2032B072I14092J130B2I120C2D012301120C2q11W1032104211102" +
  "1A0X113011B062v2072f11121052c20A2V011C041C0A1A2U02250B2i1042Q061B0b12N15042r11A011T021B0" +
  "61A0D21081E011G0n1152l11H28031A0H190C132U1D221A2i11E0C2a11K081A03231A2a10229072h102230G1" +
  "3011L24112611221321052W61W22s80226022c102260228012101210121012V022r101270121032301270324" +
  "0226042D052301270Y2120J110S210D210G2D0p11D0411031C0H210421022A01210226062101210121012G02" +
  "24052504210H2f10tp22b7062413220C2c101210521022u107210F112N092701270127012701270127012701" +
  "27011W10bG230P291601250225042s2021225012w20124052h1012!20H2W10m12G0WG2Wk60W22jqL0Z22k102" +
  "2j8032G1A220K2l111041A012V122m2120b129022d3022W20522012101250O2G11231124112N1504110J2q10" +
  "C122o11I0A1A061I26032101221B2S18022N1D0C2T03142l11E0E211A0625112A1A25012f11E092311281202" +
  "1A062N0321132o1112113221225122111210O23022B150223120A260226022609270127012h1012E062p3180" +
  "112021A062azA0C2N042n10ae82kB022g30c1270C250521112A012D0125012101220122012i30X12hB0I2W20" +
  "22s10e12C041G0G1G03120O130W125012d40J1A072Q0411012Q0B2v203260226022602230Z12C012Q012J012" +
  "2012F022E0Y12x30b22r10e4110Y42T032n10F110V2W10D2U052c115052U022a1042801250g12!4021A062a1" +
  "042a1042e1082q10C2B012F01270122012B012F012701220Z22t9092M0A280O26012g101290b2260221012i1" +
  "01220321022N0A2N092V0X22J01220A2M0A2Q0c22u106220W2211301120514240123012T021304110W12T032" +
  "T0Z128012S120P2s10A2M0A2J0D2I0k32f20t12p10D2p10D2a114081A0cA2g1011203220h2132T0A21082M1B" +
  "0V2I140g12L0R2N09132r11F0V1B22122109142j11B07110D2P071A06132a11E011A04211221082Z11102210" +
  "9132m11E240414011C2101210Z12I012P1C061122110!12701210124012F012A072l11C051A0614012802220" +
  "22M012701220125011221170212021302210611052512021703150h42r11I24051A0411230U2m11K22012108" +
  "1A0c52l11702190N24120Y12m11H03210B1A0c12h11D21071A0s12R021F041A06270v52i11F0b32W21A0L280" +
  "22102280122012O1601120214211121120C1A0c228022d1170217210121110R211A2e1172114081108211B2k" +
  "11G03210I2f20d829012b1180118210F1A0O2U021M011E0f2270122012c1160311011201172111081A062601" +
  "22012W1150112011521071A0s92J14091221112D012Y11703150D1A0s2210l22wS0c32l30H2a60io22X30F2m" +
  "X10G11261F0gz32dI0vj82vH072V011A062l2011A062U02150B2m11709240C1A092L052J0mL2W20W42h20411" +
  "211t107142D0W2220121110B120E2u#5082sc10g1290dt82401270122012Z90F210T2302210E24082iC0ae22" +
  "h3052D0329072A03120Xp41k1021N0!G150316081802170U140q4130xD2r2012d20122022102220224012C01" +
  "210127012X2012402280127012S0124012501210327012qA022P012P012V012P012V012P012V012P012V012P" +
  "0128021o10WG1t1041o108110E110M15011F0mY12V06260r617011H021701120115052!10X1110m32j103172" +
  "7021A04210XA2U110H2i11E0sE2S1E0cN2701240122012F012b60B170f12a21721041A0cb124012R01220121" +
  "0221012A01240121012106210421012101210123012201210221012101210121012101220121022401270124" +
  "01240121012A012H05230125012H0qf31A0cW12Wtf10W12wX4062!6022Yq50E2nf70#W32!G0Yl12hw4052WZ4" +
  "0mgtL1m70";

/** The General_Category and Script values (and aliases) that \p{…} accepts. */
const GENERAL_CATEGORY_NAMES =
  "C Cased_Letter Cc Cf Close_Punctuation Cn Co Combining_Mark Connector_Punctuation Contro" +
  "l Cs Currency_Symbol Dash_Punctuation Decimal_Number Enclosing_Mark Final_Punctuation Fo" +
  "rmat Initial_Punctuation L LC Letter Letter_Number Line_Separator Ll Lm Lo Lowercase_Let" +
  "ter Lt Lu M Mark Math_Symbol Mc Me Mn Modifier_Letter Modifier_Symbol N Nd Nl No Nonspac" +
  "ing_Mark Number Open_Punctuation Other Other_Letter Other_Number Other_Punctuation Other" +
  "_Symbol P Paragraph_Separator Pc Pd Pe Pf Pi Po Private_Use Ps Punctuation S Sc Separato" +
  "r Sk Sm So Space_Separator Spacing_Mark Surrogate Symbol Titlecase_Letter Unassigned Upp" +
  "ercase_Letter Z Zl Zp Zs cntrl digit punct";

const SCRIPT_NAMES =
  "Adlam Adlm Aghb Ahom Anatolian_Hieroglyphs Arab Arabic Armenian Armi Armn Avestan Avst B" +
  "ali Balinese Bamu Bamum Bass Bassa_Vah Batak Batk Beng Bengali Bhaiksuki Bhks Bopo Bopom" +
  "ofo Brah Brahmi Brai Braille Bugi Buginese Buhd Buhid Cakm Canadian_Aboriginal Cans Cari" +
  " Carian Caucasian_Albanian Chakma Cham Cher Cherokee Chorasmian Chrs Common Copt Coptic " +
  "Cpmn Cprt Cuneiform Cypriot Cypro_Minoan Cyrillic Cyrl Deseret Deva Devanagari Diak Dive" +
  "s_Akuru Dogr Dogra Dsrt Dupl Duployan Egyp Egyptian_Hieroglyphs Elba Elbasan Elym Elymai" +
  "c Ethi Ethiopic Geor Georgian Glag Glagolitic Gong Gonm Goth Gothic Gran Grantha Greek G" +
  "rek Gujarati Gujr Gunjala_Gondi Gurmukhi Guru Han Hang Hangul Hani Hanifi_Rohingya Hano " +
  "Hanunoo Hatr Hatran Hebr Hebrew Hira Hiragana Hluw Hmng Hmnp Hrkt Hung Imperial_Aramaic " +
  "Inherited Inscriptional_Pahlavi Inscriptional_Parthian Ital Java Javanese Kaithi Kali Ka" +
  "na Kannada Katakana Katakana_Or_Hiragana Kawi Kayah_Li Khar Kharoshthi Khitan_Small_Scri" +
  "pt Khmer Khmr Khoj Khojki Khudawadi Kits Knda Kthi Lana Lao Laoo Latin Latn Lepc Lepcha " +
  "Limb Limbu Lina Linb Linear_A Linear_B Lisu Lyci Lycian Lydi Lydian Mahajani Mahj Maka M" +
  "akasar Malayalam Mand Mandaic Mani Manichaean Marc Marchen Masaram_Gondi Medefaidrin Med" +
  "f Meetei_Mayek Mend Mende_Kikakui Merc Mero Meroitic_Cursive Meroitic_Hieroglyphs Miao M" +
  "lym Modi Mong Mongolian Mro Mroo Mtei Mult Multani Myanmar Mymr Nabataean Nag_Mundari Na" +
  "gm Nand Nandinagari Narb Nbat New_Tai_Lue Newa Nko Nkoo Nshu Nushu Nyiakeng_Puachue_Hmon" +
  "g Ogam Ogham Ol_Chiki Olck Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Per" +
  "sian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Orkh Orya Osage Osge Osma" +
  " Osmanya Ougr Pahawh_Hmong Palm Palmyrene Pau_Cin_Hau Pauc Perm Phag Phags_Pa Phli Phlp " +
  "Phnx Phoenician Plrd Prti Psalter_Pahlavi Qaac Qaai Rejang Rjng Rohg Runic Runr Samarita" +
  "n Samr Sarb Saur Saurashtra Sgnw Sharada Shavian Shaw Shrd Sidd Siddham SignWriting Sind" +
  " Sinh Sinhala Sogd Sogdian Sogo Sora Sora_Sompeng Soyo Soyombo Sund Sundanese Sylo Sylot" +
  "i_Nagri Syrc Syriac Tagalog Tagb Tagbanwa Tai_Le Tai_Tham Tai_Viet Takr Takri Tale Talu " +
  "Tamil Taml Tang Tangsa Tangut Tavt Telu Telugu Tfng Tglg Thaa Thaana Thai Tibetan Tibt T" +
  "ifinagh Tirh Tirhuta Tnsa Toto Ugar Ugaritic Unknown Vai Vaii Vith Vithkuqi Wancho Wara " +
  "Warang_Citi Wcho Xpeo Xsux Yezi Yezidi Yi Yiii Zanabazar_Square Zanb Zinh Zyyy Zzzz";

// END UNICODE TABLES
