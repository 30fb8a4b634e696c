import type { ConsoleMessage, Page } from 'playwright-core';

/**
 * A 4xx answer of the API is one the app shows (sign-in refused, not signed in); Chromium still
 * logs it as "Failed to load resource", which is no fault of the page.
 */
const isHandledApiAnswer = (message: ConsoleMessage): boolean =>
  /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
  new URL(message.location().url || 'about:blank', 'http://unknown').pathname.startsWith('/api/');

/**
 * A sandboxed srcdoc frame (the mailbox's HTML part) runs no script, the harness's init script
 * included; Chromium logs each refusal, which is the sandbox working, not a fault of the page.
 */
const isSandboxedFrameRefusal = (message: ConsoleMessage): boolean =>
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(
    message.text(),
  );

/**
 * Collects what a page reports as broken: console errors, uncaught exceptions, CSP violations
 * (a blocked inline script shows here) and 5xx answers of the API.
 */
export const watchPageProblems = async (page: Page, problems: string[]): Promise<void> => {
  // Reported through the console, so a violation the browser only dispatches as an event is caught.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !isHandledApiAnswer(message) && !isSandboxedFrameRefusal(message)) {
      problems.push(`console error on ${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`);
  });
};
