// Vite's `?raw` import: the file's text, as it is (the replay page reads a recording file this way).
declare module '*.json?raw' {
  const text: string;
  export default text;
}
