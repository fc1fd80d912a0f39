/** Page objects of the auth screens and the app shell's account corner. */
import { expect, type Locator, type Page } from '@playwright/test';
import { isAuthRoute, isTermsExemptRoute } from '../../../renderer/app/runtime/visibility';

export class AuthScreen {
  constructor(readonly page: Page) {}

  readonly tabs = (): Locator => this.page.getByTestId('auth-tabs');
  readonly error = (): Locator => this.page.getByTestId('auth-error');

  async gotoLogIn(query = ''): Promise<void> {
    await this.page.goto(`/a/log-in/${query}`);
    await expect(this.page.getByTestId('log-in-form')).toBeVisible();
  }

  async gotoSignUp(query = ''): Promise<void> {
    await this.page.goto(`/a/sign-up/${query}`);
    await expect(this.page.getByTestId('sign-up-form')).toBeVisible();
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.page.getByTestId('log-in-email').fill(email);
    await this.page.getByTestId('log-in-password').fill(password);
    await this.page.getByTestId('log-in-submit').click();
  }

  async signUp(values: { name: string; email: string; password: string }): Promise<void> {
    await this.page.getByTestId('sign-up-name').fill(values.name);
    await this.page.getByTestId('sign-up-email').fill(values.email);
    await this.page.getByTestId('sign-up-password').fill(values.password);
    await this.page.getByTestId('sign-up-submit').click();
  }

  signUpField(field: 'name' | 'email' | 'password'): Locator {
    return this.page.getByTestId(`sign-up-${field}`);
  }
}

export class CodeConfirmScreen {
  constructor(readonly page: Page) {}

  async enter(code: string): Promise<void> {
    await expect(this.page.getByTestId('code-confirm-screen')).toBeVisible();
    await this.page.getByTestId('code-input').locator('input').first().click();
    await this.page.keyboard.type(code);
  }
}

export class ResetPasswordScreen {
  constructor(readonly page: Page) {}

  async request(email: string): Promise<void> {
    await this.page.getByTestId('reset-email').fill(email);
    await this.page.getByTestId('reset-request-submit').click();
  }

  async choose(password: string, repeat = password): Promise<void> {
    await this.page.getByTestId('reset-new-password').fill(password);
    await this.page.getByTestId('reset-repeat-password').fill(repeat);
    await this.page.getByTestId('reset-password-submit').click();
  }
}

export class ImpersonateScreen {
  constructor(readonly page: Page) {}

  async confirm(reason: string): Promise<void> {
    await this.page.getByTestId('impersonate-reason').fill(reason);
    await this.page.getByTestId('impersonate-confirm').click();
  }
}

/** The header's account corner and the impersonation banner. */
export class Shell {
  constructor(readonly page: Page) {}

  readonly accountMenu = (): Locator => this.page.getByTestId('account-menu');
  readonly banner = (): Locator => this.page.getByTestId('impersonation-banner');

  async expectSignedInAs(name: string): Promise<void> {
    await expect(this.accountMenu()).toBeVisible();
    await expect(this.page.getByTestId('account-name')).toHaveText(name);
  }

  async expectVisitor(): Promise<void> {
    await expect(this.page.getByTestId('header-log-in')).toBeVisible();
    await expect(this.accountMenu()).toHaveCount(0);
  }

  readonly termsDialog = (): Locator => this.page.getByTestId('terms-dialog');

  /**
   * Signed-in members who have not accepted the terms of service get a dialog outside the auth
   * routes: waits until the shell has checked (html[data-terms]) and accepts when it is shown.
   */
  async acceptTermsIfShown(): Promise<void> {
    const html = this.page.locator('html');
    await expect(html).toHaveAttribute('data-terms', /^(none|accepted|required|unknown)$/);
    if ((await html.getAttribute('data-terms')) !== 'required') return;
    // Required, but the auth routes and the exempt ones (the terms page, an RSVP) never show the
    // dialog; everywhere else it comes, once its code has loaded (a starved browser has taken
    // seconds): waited for, so that it cannot cover the page after this returned.
    const { pathname } = new URL(this.page.url());
    if (isAuthRoute(pathname) || isTermsExemptRoute(pathname)) return;
    await expect(this.termsDialog()).toBeVisible();
    await this.page.getByTestId('terms-accept').click();
    await expect(this.termsDialog()).toHaveCount(0);
  }

  async logOut(): Promise<void> {
    await this.acceptTermsIfShown();
    await this.accountMenu().click();
    await this.page.getByTestId('logout-button').click();
  }
}
