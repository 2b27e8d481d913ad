/** Hindi for issue 21 (saved searches, second part): the filters in words and "only the new ads". */
export const HINDI_21: Record<string, string> = {
  'in {place}': '{place} में',
  'under {price}': '{price} से कम',
  'over {price}': '{price} से ज़्यादा',
  'within {km} km of you': 'आपसे {km} किमी के भीतर',
  'New since {time}': '{time} के बाद के नए',
};
