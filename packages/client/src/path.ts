/** Template tag for route paths: interpolated ids are URL-encoded so a stray `/` or `?` cannot change the route. */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((out, part, i) => {
    const value = values[i - 1];
    return out + (value === undefined ? '' : encodeURIComponent(String(value))) + part;
  });
}
