import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: process.env.ACC_MATCH ?? 'accounts.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  outputDir: '/tmp/acc-pw-results',
  use: {
    baseURL: 'http://localhost:4300',
    locale: 'pl-PL',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
