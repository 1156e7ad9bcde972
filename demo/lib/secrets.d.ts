export interface DemoSecrets {
  jwtSecret: string
  cookieSecret: string
  callbackSecret: string
  sandboxPassword: string
}

export function loadOrCreateSecrets(file: string): DemoSecrets
