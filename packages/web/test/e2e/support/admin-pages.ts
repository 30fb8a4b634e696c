import type { Page } from 'playwright-core';
import type { Credentials } from './accounts.js';

/** The sign-in form, as a person fills it: by the fields' visible labels. */
export const fillSignIn = async (page: Page, account: Credentials): Promise<void> => {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

export const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in to TRX Shop admin' });
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens `path` of the admin app signed out, signs in and waits for the shell. */
export const signIn = async (page: Page, account: Credentials, path = '/admin/'): Promise<void> => {
  await page.goto(path);
  await signInHeading(page).waitFor();
  await fillSignIn(page, account);
  await mainNavigation(page).waitFor();
};
