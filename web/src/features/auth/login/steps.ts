import { msg } from '../../../lib/i18n';
import type { SessionResponse } from '../auth-api';

export type Step = 'options' | 'email-login' | 'email-register' | 'phone' | 'otp';

export const TITLES: Record<Step, string> = {
  options: msg('Welcome to SEL'),
  'email-login': msg('Login with Email'),
  'email-register': msg('Register with Email'),
  phone: msg('Enter your phone number'),
  otp: msg('Enter verification code'),
};

export type EmailStepProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBusy: (busy: boolean) => void;
  onSuccess: (session: SessionResponse) => void;
};
