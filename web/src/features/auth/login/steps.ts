import type { SessionResponse } from '../auth-api';

export type Step = 'options' | 'email-login' | 'email-register' | 'phone' | 'otp';

export const TITLES: Record<Step, string> = {
  options: 'Welcome to SEL',
  'email-login': 'Login with Email',
  'email-register': 'Register with Email',
  phone: 'Enter your phone number',
  otp: 'Enter verification code',
};

export type EmailStepProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBusy: (busy: boolean) => void;
  onSuccess: (session: SessionResponse) => void;
};
