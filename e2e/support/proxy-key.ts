/** The fake API key the e2e server's proxy holds; tests check it never reaches the browser. */
export const E2E_PROXY_KEY = 'sk-e2e-proxy-key-never-in-browser';
