/** The few fields of the `commonmark-spec` package (it ships no types) that the tests read. */
declare module 'commonmark-spec' {
  const spec: { tests: Array<{ markdown: string; html: string; section: string; number: number }> };
  export default spec;
}
