/** Link tests and the library of named patterns (spec 5). */

/** An external link starts with http, https, mailto or tel. */
export const isExternal = (path: string): boolean => /^(https?:|mailto:|tel:)/.test(path);

/** The strict URL pattern accepts http, https and ftp. */
export const STRICT_URL =
  /^(https?|ftp):\/\/([a-zA-Z0-9.-]+(:[a-zA-Z0-9.&%$-]+)*@)*((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+\.(com|edu|gov|int|mil|net|org|biz|arpa|info|name|pro|aero|coop|museum|[a-zA-Z]{2}))(:[0-9]+)*(\/($|[a-zA-Z0-9.,?'\\+&%$#=~_-]+))*$/;

export const isValidUrl = (url: string): boolean => STRICT_URL.test(url);

export const PATTERNS = {
  digits: /^\d+$/,
  integer: /^-?\d+$/,
  positiveInteger: /^[1-9]\d*$/,
  phone: /^(\d{3,4}-)?\d{7,8}$/,
  mobile: /^1[3-9]\d{9}$/,
  postcode: /^\d{6}$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  idNumber: /(^\d{15}$)|(^\d{17}[\dXx]$)/,
  url: STRICT_URL,
  ip: /^((25[0-5]|2[0-4]\d|1\d{2}|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d{2}|[1-9]?\d)$/,
  guid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  password: /^\w{6,16}$/,
} as const;

export type PatternName = keyof typeof PATTERNS;

export const matchesPattern = (name: PatternName, value: string): boolean => PATTERNS[name].test(value);
