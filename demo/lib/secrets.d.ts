export interface DemoSecrets {
  jwtSecret: string
  cookieSecret: string
  callbackSecret: string
  sandboxPassword: string
  /** The outlet's retailer password at the sandbox (DEMO_LOCATIONS=2). */
  outletSandboxPassword: string
}

export function loadOrCreateSecrets(file: string): DemoSecrets
