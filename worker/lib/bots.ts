/**
 * User agents that announce themselves as crawlers, link previewers or scripts: their fetches
 * are not a person looking at an ad, so they do not count as views. Headless browsers are not on
 * the list (they announce nothing reliable, and the end-to-end journeys use one).
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawler|spider|slurp|archiver|facebookexternalhit|whatsapp|telegrambot|embedly|quora link preview|bingpreview|ahrefs|semrush|petalbot|yandex|baiduspider|duckduckgo|applebot|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww-perl|scrapy|postmanruntime|lighthouse|pingdom|uptimerobot|statuscake|headlesschrome.*lighthouse/i;

export const isLikelyBot = (userAgent: string | undefined | null) => Boolean(userAgent && BOT_USER_AGENT.test(userAgent));
