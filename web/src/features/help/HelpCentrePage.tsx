import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { msg, setLanguage, useI18n, useLanguage, withNodes, type Language } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { CATEGORY_BAR, menuSearch } from '../catalog/category-bar';

/** The seven help categories of spec part 2 §2, each opening that part of the marketplace. */
const HELP_CATEGORIES = CATEGORY_BAR.map((item, index) => ({
  ...item,
  slug: ['cars', 'motorcycles', 'mobile-phones', 'houses-apartments-sale', 'scooters', 'commercial-vehicles', 'houses-apartments-rent'][index],
}));

const TOPICS: { question: string; answer: string }[] = [
  {
    question: msg('How do I post an ad?'),
    answer: msg('Tap SELL, choose a category, fill in the details and add up to 20 photos, then post. Most ads go live straight away; you can find them under My ADS.'),
  },
  {
    question: msg('How do I edit or delete my ad?'),
    answer: msg('Open My ADS, pick the ad and choose Edit or Delete. On the ad page itself, Edit Listing and Delete Listing do the same.'),
  },
  {
    question: msg('How do I contact a seller?'),
    answer: msg('Open the ad and choose Chat with seller. You need to be logged in; your phone number is never shown unless you share it.'),
  },
  {
    question: msg('How do I stay safe when buying?'),
    answer: msg('Meet in a safe public place, check the item before you buy, pay only after collecting the item and never pay anything in advance. Report anything suspicious from the chat.'),
  },
  {
    question: msg('What is SEL Buyer?'),
    answer: msg('Premium buyers get a badge, priority in sellers’ inboxes and direct phone access. Plans run for 30 days and can be bought from the Premium page.'),
  },
  {
    question: msg('How do I change my location?'),
    answer: msg('Use the location box in the header (or the location line on mobile) to search for a state, city or area, or to use your current location.'),
  },
  {
    question: msg('How do I save ads I like?'),
    answer: msg('Tap the heart on any ad. Your liked ads are collected in your Wishlist.'),
  },
  {
    question: msg('I forgot my password or lost access to my account'),
    answer: msg('Log in with your phone number and a one-time code instead, then set a new password in Settings.'),
  },
];

export function HelpCentrePage() {
  const { t, language: shownLanguage } = useI18n();
  usePageTitle(t('Help Center - SEL'));
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const languageId = useId();
  const needle = query.trim().toLowerCase();
  // searched in the language shown (and in English, which every reader may type)
  const shown = TOPICS.map((topic) => ({ key: topic.question, question: t(topic.question), answer: t(topic.answer), english: `${topic.question} ${topic.answer}` }));
  const topics = needle
    ? shown.filter((topic) => `${topic.question} ${topic.answer} ${shownLanguage === 'hi' ? topic.english : ''}`.toLowerCase().includes(needle))
    : shown;

  return (
    <div className="help">
      <div className="help__bar">
        <Link to="/" className="logo" aria-label={t('SEL home')}>
          SEL
        </Link>
        <label htmlFor={languageId} className="visually-hidden">
          {t('Language')}
        </label>
        <select id={languageId} className="text-input help__language" value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          <option value="en" lang="en">
            English (US)
          </option>
          <option value="hi" lang="hi">
            हिन्दी (Hindi)
          </option>
        </select>
      </div>

      <section className="help__hero">
        <h1 className="page-title">{t('How can we help you?')}</h1>
        <form role="search" className="help__search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('Search help articles')}
          </label>
          <input
            id={searchId}
            className="text-input"
            type="search"
            placeholder={t('Search help articles')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            maxLength={100}
          />
        </form>
      </section>

      <section aria-labelledby="help-categories">
        <h2 id="help-categories" className="section-title">
          {t('Browse by category')}
        </h2>
        <ul className="help__categories">
          {HELP_CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link to="/products" search={menuSearch(category)} className="help__category" id={category.slug}>
                {t(category.label)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="help-topics">
        <h2 id="help-topics" className="section-title">
          {needle ? t('Results for "{query}"', { query: query.trim() }) : t('Popular topics')}
        </h2>
        {topics.length === 0 ? (
          <p className="muted">{t('No articles match your search. Try other words, or contact us below.')}</p>
        ) : (
          <div className="help__topics">
            {topics.map((topic) => (
              <details key={topic.key} className="help__topic">
                <summary>{topic.question}</summary>
                <p>{topic.answer}</p>
              </details>
            ))}
          </div>
        )}
      </section>

      <section id="about" className="help__info">
        <h2 className="section-title">{t('About SEL')}</h2>
        <p>{t('SEL is a free classifieds marketplace for India: buy and sell cars, bikes, phones, homes, furniture and more with people near you.')}</p>
      </section>
      <section id="contact" className="help__info">
        <h2 className="section-title">{t('Contact us')}</h2>
        <p>
          {withNodes(t('Write to {address}. We answer within two working days.'), {
            address: <a href="mailto:support@sel.example">support@sel.example</a>,
          })}
        </p>
      </section>
      <section id="privacy" className="help__info">
        <h2 className="section-title">{t('Legal & Privacy information')}</h2>
        <p>{t('We only use your details to run your account and your ads. You can download or delete your account from Settings at any time.')}</p>
      </section>

      <p className="help__back">
        <Link to="/" className="back-link">
          ← {t('Back to SEL')}
        </Link>
      </p>
    </div>
  );
}
