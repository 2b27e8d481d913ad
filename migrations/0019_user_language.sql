-- #19/#20 (helper h1): the user's interface language, so texts written while the user is not in the
-- request (notifications, push, e-mails, SMS) come in it. 'en' | 'hi'; set from the app's language
-- switch (PUT /api/auth/language) and at sign-in / sign-up from the client's Accept-Language.
ALTER TABLE `users` ADD `language` text DEFAULT 'en' NOT NULL;
