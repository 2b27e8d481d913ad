/**
 * Option lists of the post form (part 2 §3) and the vehicle option endpoints (part 2 §7), with
 * Indian-market data. One place for the worker's endpoints, its validation and the web form.
 */

export const CAR_BRANDS = [
  'Maruti Suzuki', 'Hyundai', 'Tata', 'Mahindra', 'Honda', 'Toyota', 'Kia', 'Renault', 'Volkswagen', 'Skoda',
  'MG', 'Nissan', 'Ford', 'Jeep', 'Citroen', 'BYD', 'Mercedes-Benz', 'BMW', 'Audi', 'Volvo', 'Jaguar', 'Land Rover',
  'Lexus', 'Mini', 'Porsche', 'Fiat', 'Chevrolet', 'Datsun', 'Isuzu', 'Force Motors', 'Mitsubishi', 'Other',
] as const;

export const VEHICLE_BRANDS = {
  motorcycles: ['Hero', 'Honda', 'Bajaj', 'TVS', 'Royal Enfield', 'Yamaha', 'Suzuki', 'KTM', 'Jawa', 'Yezdi', 'Kawasaki', 'Harley-Davidson', 'Triumph', 'BMW', 'Benelli', 'Ducati', 'Revolt', 'Ultraviolette', 'Other'],
  scooters: ['Honda', 'TVS', 'Suzuki', 'Hero', 'Yamaha', 'Ather', 'Ola Electric', 'Bajaj Chetak', 'Vespa', 'Aprilia', 'Hero Electric', 'Okinawa', 'Ampere', 'Other'],
  bicycles: ['Hero', 'Hercules', 'Firefox', 'Btwin', 'Montra', 'Avon', 'Atlas', 'Trek', 'Giant', 'Scott', 'Cannondale', 'Other'],
  'spare-parts': ['Bosch', 'Exide', 'Amaron', 'MRF', 'Apollo', 'CEAT', 'Minda', 'Lumax', 'Castrol', 'Mobil', 'Other'],
  'commercial-vehicles': ['Tata Motors', 'Ashok Leyland', 'Mahindra', 'Eicher', 'BharatBenz', 'Force Motors', 'Piaggio', 'Bajaj', 'Maruti Suzuki', 'SML Isuzu', 'Other'],
} as const;
export type VehicleKind = keyof typeof VEHICLE_BRANDS;

export const FUEL_TYPES = ['Petrol', 'Diesel', 'Electric', 'CNG & Hybrids', 'LPG'] as const;
export const TRANSMISSIONS = ['Manual', 'Automatic', 'Semi-Automatic', 'CVT'] as const;
export const OWNER_TYPES = ['1st', '2nd', '3rd', '4th', '4+'] as const;

export const PROPERTY_TYPES = ['Apartment', 'House', 'Villa', 'Builder Floor', 'Penthouse'] as const;
export const BHK = ['1 BHK', '2 BHK', '3 BHK', '4 BHK', '5+ BHK'] as const;
export const FURNISHING = ['Furnished', 'Semi-Furnished', 'Unfurnished'] as const;
export const PROPERTY_AGE = ['Under Construction', '0-1 years', '1-5 years', '5-10 years', '10+ years'] as const;
export const PARKING = ['No Parking', '1 Car', '2 Cars', '3+ Cars'] as const;
export const FACING = ['North', 'North-East', 'East', 'South-East', 'South', 'South-West', 'West', 'North-West'] as const;
export const LAND_TYPES = ['Residential Plot', 'Commercial Plot', 'Agricultural Land', 'Industrial Land', 'Farm House'] as const;
export const SHOP_TYPES = ['Shop', 'Office', 'Showroom', 'Warehouse', 'Restaurant', 'Clinic'] as const;
export const RENT_TYPES = ['Monthly', 'Yearly'] as const;
export const TENANT_TYPES = ['Family', 'Bachelors', 'Company', 'Anyone'] as const;
export const PG_TYPES = ['PG', 'Guest House', 'Hostel', 'Boarding'] as const;
export const ROOM_TYPES = ['Single', 'Double', 'Triple', 'Quad', 'Dormitory'] as const;
export const PG_TENANTS = ['Boys', 'Girls', 'Family', 'Anyone'] as const;
export const MEALS = ['No Meals', 'Breakfast Only', 'Breakfast + Dinner', 'All Meals'] as const;
export const AMENITIES = [
  'Lift', 'Power Backup', 'Security', 'Gym', 'Swimming Pool', 'Club House', 'Park', 'Gated Community',
  'Intercom', 'Rain Water Harvesting', 'Visitor Parking', 'Maintenance Staff',
] as const;
export const FACILITIES = ['Water Supply', 'Electricity', 'Road Access', 'Drainage', 'Fencing', 'Gate', 'Borewell', 'Street Lights', 'Nearby School', 'Nearby Hospital', 'Nearby Market', 'Public Transport'] as const;

export const MOBILE_BRANDS = ['iPhone', 'Samsung', 'OnePlus', 'Xiaomi', 'Realme', 'Vivo', 'Oppo', 'Nothing', 'Google Pixel'] as const;
export const STORAGE = ['64GB', '128GB', '256GB', '512GB', '1TB'] as const;
export const RAM = ['4GB', '6GB', '8GB', '12GB', '16GB'] as const;
export const WARRANTY = ['No Warranty', '1 Month', '3 Months', '6 Months', '1 Year', '2 Years'] as const;
export const MOBILE_FEATURES = [
  '5G', 'Dual SIM', 'Fast Charging', 'Wireless Charging', 'NFC', 'Water Resistant', 'Face Unlock',
  'Fingerprint Sensor', 'AMOLED Display', 'Expandable Storage', 'Original Box', 'Bill Available',
] as const;

/** Subcategories whose post form asks for fuel, transmission, km and owners (part 2 §5). */
export const MOTOR_VEHICLE_SUBCATEGORIES = ['vehicles-cars', 'vehicles-motorcycles', 'vehicles-scooters', 'vehicles-commercial-vehicles'] as const;

/** Categories where a price of 0 (a giveaway, an adoption) is fine. */
export const FREE_CATEGORIES = ['pets', 'books-and-media'] as const;

export const MAX_PHOTOS = 20;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
