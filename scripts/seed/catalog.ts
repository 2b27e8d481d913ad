/**
 * What the seed lists in each subcategory, and how often. The weights follow what Indian classifieds
 * sites look like: cars, phones, flats and bikes dominate; books and magazines are a trickle.
 */
import { TAXONOMY } from '../../worker/schemas/taxonomy';
import * as e from './content/electronics';
import * as h from './content/household';
import * as j from './content/jobs';
import * as p from './content/properties';
import * as v from './content/vehicles';
import type { Generator } from './content/types';

export const CATALOG: Record<string, { weight: number; generate: Generator }> = {
  'vehicles-cars': { weight: 16, generate: v.cars },
  'vehicles-motorcycles': { weight: 9, generate: v.motorcycles },
  'vehicles-bicycles': { weight: 1.5, generate: v.bicycles },
  'vehicles-scooters': { weight: 5, generate: v.scooters },
  'vehicles-commercial-vehicles': { weight: 2, generate: v.commercialVehicles },
  'vehicles-spare-parts': { weight: 2, generate: v.spareParts },
  'properties-apartments': { weight: 7, generate: p.apartments },
  'properties-houses': { weight: 3, generate: p.houses },
  'properties-land': { weight: 2, generate: p.land },
  'properties-commercial-properties': { weight: 1.5, generate: p.commercial },
  'properties-rentals': { weight: 6, generate: p.rentals },
  'electronics-smartphones': { weight: 14, generate: e.smartphones },
  'electronics-laptops': { weight: 3.5, generate: e.laptops },
  'electronics-tablets': { weight: 1.5, generate: e.tablets },
  'electronics-headphones': { weight: 1.5, generate: e.headphones },
  'electronics-cameras': { weight: 1, generate: e.cameras },
  'electronics-gaming-consoles': { weight: 1.2, generate: e.consoles },
  'jobs-full-time': { weight: 3, generate: j.fullTime },
  'jobs-part-time': { weight: 1.2, generate: j.partTime },
  'jobs-freelance': { weight: 0.6, generate: j.freelance },
  'jobs-remote': { weight: 0.8, generate: j.remote },
  'jobs-internships': { weight: 0.6, generate: j.internships },
  'sports-fitness-equipment': { weight: 1, generate: h.fitness },
  'sports-sports-gear': { weight: 0.8, generate: h.sportsGear },
  'sports-outdoor-equipment': { weight: 0.4, generate: h.outdoor },
  'sports-team-sports': { weight: 0.4, generate: h.teamSports },
  'home-and-garden-furniture': { weight: 4, generate: h.furniture },
  'home-and-garden-appliances': { weight: 3.5, generate: h.appliances },
  'home-and-garden-garden-tools': { weight: 0.4, generate: h.gardenTools },
  'home-and-garden-home-decor': { weight: 0.8, generate: h.homeDecor },
  'home-and-garden-kitchen-items': { weight: 1, generate: h.kitchen },
  'fashion-clothing': { weight: 1.2, generate: h.clothing },
  'fashion-shoes': { weight: 0.8, generate: h.shoes },
  'fashion-accessories': { weight: 0.6, generate: h.accessories },
  'fashion-jewelry': { weight: 0.5, generate: h.jewelry },
  'fashion-watches': { weight: 0.8, generate: h.watches },
  'books-and-media-books': { weight: 1.2, generate: h.books },
  'books-and-media-movies': { weight: 0.2, generate: h.movies },
  'books-and-media-music': { weight: 0.6, generate: h.music },
  'books-and-media-games': { weight: 0.5, generate: h.games },
  'books-and-media-magazines': { weight: 0.2, generate: h.magazines },
  'pets-pet-supplies': { weight: 0.6, generate: h.petSupplies },
  'pets-pet-food': { weight: 0.4, generate: h.petFood },
  'pets-pet-accessories': { weight: 0.5, generate: h.petAccessories },
  'pets-pet-services': { weight: 0.4, generate: j.services(j.SERVICES.pets ?? []) },
  'services-professional': { weight: 0.8, generate: j.services(j.SERVICES.professional ?? []) },
  'services-personal': { weight: 0.7, generate: j.services(j.SERVICES.personal ?? []) },
  'services-repair': { weight: 1, generate: j.services(j.SERVICES.repair ?? []) },
  'services-consulting': { weight: 0.4, generate: j.services(j.SERVICES.consulting ?? []) },
};

/** Taxonomy subcategories that have content here, in taxonomy order (new ones are skipped with a warning). */
export const SUBCATEGORIES = TAXONOMY.flatMap((c) =>
  c.subcategories.flatMap((s) => {
    const entry = CATALOG[s.id];
    if (!entry) {
      console.warn(`seed: no demo content for subcategory ${s.id} yet (scripts/seed/catalog.ts), skipping it`);
      return [];
    }
    return [{ id: s.id, name: s.name, categoryId: c.id, categoryName: c.name, ...entry }];
  }),
);
