/**
 * 'Include some details': the fields of the chosen category's family (part 2 §3 field lists and
 * option lists, §5 which are required).
 */
import {
  AMENITIES,
  BHK,
  CAR_BRANDS,
  FACILITIES,
  FACING,
  FUEL_TYPES,
  FURNISHING,
  LAND_TYPES,
  MEALS,
  MOBILE_BRANDS,
  MOBILE_FEATURES,
  MOTOR_VEHICLE_SUBCATEGORIES,
  OWNER_TYPES,
  PARKING,
  PG_TENANTS,
  PG_TYPES,
  PROPERTY_AGE,
  PROPERTY_TYPES,
  RAM,
  RENT_TYPES,
  ROOM_TYPES,
  SHOP_TYPES,
  STORAGE,
  TENANT_TYPES,
  TRANSMISSIONS,
  VEHICLE_BRANDS,
  WARRANTY,
} from '../../../../worker/schemas/options';
import { ChipsField, CheckboxesField, GroupedNumberField, SelectField, TextAreaField, TextField } from './fields';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  TITLE_MAX,
  TITLE_MIN,
  counterText,
  defaultTitle,
  descriptionRequired,
  titleRequired,
  vehicleBrandsPath,
  yearMax,
  type ChosenCategory,
  type FeatureValue,
  type PostFormValues,
} from './post-rules';
import { useOptionList } from './queries';
import { isPgType } from './required-details';
import { msg, useI18n, useT } from '../../lib/i18n';

export interface DetailsProps {
  choice: ChosenCategory;
  values: PostFormValues;
  setFeature: (key: string, value: FeatureValue) => void;
  setText: (field: 'title' | 'description', value: string) => void;
  /** The error to show for a field key (`features.brand`, `title`), if it has been touched. */
  errorFor: (key: string) => string | undefined;
  touch: (key: string) => void;
}

const YES_NO = [msg('Yes'), msg('No')];
const BOUNDARY_WALL = [msg('Yes'), msg('No'), msg('Partial')];
const POWER_BACKUP = [msg('None'), msg('Partial'), msg('Full')];

function fallbackBrands(subcategoryId: string): readonly string[] {
  if (subcategoryId === 'vehicles-cars') return CAR_BRANDS;
  const kind = subcategoryId.replace(/^vehicles-/, '') as keyof typeof VEHICLE_BRANDS;
  return VEHICLE_BRANDS[kind] ?? CAR_BRANDS;
}

export function DetailsFields({ withText = true, ...props }: DetailsProps & { withText?: boolean }) {
  const { family } = props.choice;
  return (
    <div className="sell-details">
      {family === 'vehicle' && <VehicleFields {...props} />}
      {family === 'property' && <PropertyFields {...props} />}
      {family === 'mobile' && <MobileFields {...props} />}
      {family === 'other' && <OtherFields {...props} />}
      {withText && <TitleAndDescription {...props} />}
    </div>
  );
}

function text(values: PostFormValues, key: string): string {
  const v = values.features[key];
  return typeof v === 'string' ? v : '';
}

function list(values: PostFormValues, key: string): string[] {
  const v = values.features[key];
  return Array.isArray(v) ? v : [];
}

/** Shorthand for the props every feature control shares. */
function bind(props: DetailsProps, key: string) {
  return {
    name: key,
    value: text(props.values, key),
    onChange: (value: string) => props.setFeature(key, value),
    onBlur: () => props.touch(`features.${key}`),
    error: props.errorFor(`features.${key}`),
  };
}

function VehicleFields(props: DetailsProps) {
  const t = useT();
  const subId = props.choice.subcategory.id;
  const motor = (MOTOR_VEHICLE_SUBCATEGORIES as readonly string[]).includes(subId);
  const brands = useOptionList(vehicleBrandsPath(subId), fallbackBrands(subId));
  const fuels = useOptionList(motor ? '/cars/fuel-types' : null, FUEL_TYPES);
  const transmissions = useOptionList(motor ? '/cars/transmission-types' : null, TRANSMISSIONS);
  const owners = useOptionList(motor ? '/cars/owner-types' : null, OWNER_TYPES);
  const max = yearMax();
  return (
    <>
      <SelectField label={msg('Brand')} required options={brands} {...bind(props, 'brand')} />
      <TextField label={msg('Model')} maxLength={60} placeholder={subId === 'vehicles-cars' ? t('e.g. {example}', { example: 'Swift VXi' }) : undefined} {...bind(props, 'model')} />
      <TextField
        label={msg('Year')}
        required
        inputMode="numeric"
        maxLength={4}
        placeholder={`${1990}–${max}`}
        hint={t('Between {min} and {max}', { min: 1990, max })}
        {...bind(props, 'year')}
        onChange={(value) => props.setFeature('year', value.replace(/\D/g, '').slice(0, 4))}
      />
      {motor && (
        <>
          <ChipsField label={msg('Fuel')} required options={fuels} {...bind(props, 'fuel')} />
          <ChipsField label={msg('Transmission')} required options={transmissions} {...bind(props, 'transmission')} />
          <GroupedNumberField label={msg('KM driven')} required maxDigits={7} {...bind(props, 'kmDriven')} />
          <ChipsField label={msg('No. of owners')} required options={owners} {...bind(props, 'noOfOwners')} />
        </>
      )}
    </>
  );
}

function MobileFields(props: DetailsProps) {
  const t = useT();
  return (
    <>
      <SelectField label={msg('Brand')} required options={MOBILE_BRANDS} {...bind(props, 'brand')} />
      <TextField label={msg('Model')} required maxLength={60} placeholder={t('e.g. {example}', { example: 'Galaxy S23' })} {...bind(props, 'model')} />
      <ChipsField label={msg('Storage')} required options={STORAGE} {...bind(props, 'storage')} />
      <ChipsField label={msg('RAM')} required options={RAM} {...bind(props, 'ram')} />
      <TextField label={msg('Colour')} maxLength={30} {...bind(props, 'color')} />
      <TextField label={msg('Screen size')} maxLength={20} placeholder={t('e.g. {example}', { example: '6.1"' })} {...bind(props, 'screenSize')} />
      <TextField label={msg('Battery')} maxLength={20} placeholder={t('e.g. {example}', { example: '5000 mAh' })} {...bind(props, 'battery')} />
      <SelectField label={msg('Warranty')} options={WARRANTY} {...bind(props, 'warranty')} />
      <CheckboxesField label={msg('Features')} options={MOBILE_FEATURES} values={list(props.values, 'features')} onChange={(v) => props.setFeature('features', v)} />
    </>
  );
}

function OtherFields(props: DetailsProps) {
  const t = useT();
  return (
    <TextAreaField
      label={msg('Additional details')}
      rows={3}
      maxLength={500}
      placeholder={t("Brand, size, age, what's included...")}
      {...bind(props, 'additionalDetails')}
    />
  );
}

function PropertyFields(props: DetailsProps) {
  const subId = props.choice.subcategory.id;
  if (subId === 'properties-land') return <LandFields {...props} />;
  if (subId === 'properties-commercial-properties') return <CommercialFields {...props} />;
  const rental = subId === 'properties-rentals';
  const pg = rental && isPgType(props.values.features.propertyType);
  const types = rental ? [...PROPERTY_TYPES, ...PG_TYPES] : PROPERTY_TYPES;
  return (
    <>
      <ChipsField label={rental ? msg('Type') : msg('Property type')} required options={types} {...bind(props, 'propertyType')} />
      {pg ? (
        <>
          <ChipsField label={msg('Room type')} required options={ROOM_TYPES} {...bind(props, 'roomType')} />
          <ChipsField label={msg('Furnishing')} required options={FURNISHING} {...bind(props, 'furnishing')} />
          <ChipsField label={msg('For')} options={PG_TENANTS} {...bind(props, 'tenantType')} />
          <ChipsField label={msg('Meals included')} options={MEALS} {...bind(props, 'mealsIncluded')} />
        </>
      ) : (
        <>
          <ChipsField label={msg('BHK')} required options={BHK} {...bind(props, 'bhk')} />
          <ChipsField label={msg('Furnishing')} required={rental} options={FURNISHING} {...bind(props, 'furnishing')} />
          {rental && (
            <>
              <ChipsField label={msg('Rent type')} options={RENT_TYPES} {...bind(props, 'rentType')} />
              <ChipsField label={msg('Tenants preferred')} options={TENANT_TYPES} {...bind(props, 'tenantType')} />
            </>
          )}
        </>
      )}
      <GroupedNumberField label={msg('Area (sq ft)')} required maxDigits={7} {...bind(props, 'area')} />
      <TextField label={msg('Floor')} inputMode="numeric" maxLength={3} {...bind(props, 'floor')} onChange={(v) => props.setFeature('floor', v.replace(/\D/g, ''))} />
      {!pg && <SelectField label={msg('Age of property')} options={PROPERTY_AGE} {...bind(props, 'age')} />}
      <ChipsField label={msg('Parking')} options={PARKING} {...bind(props, 'parking')} />
      <SelectField label={msg('Facing')} options={FACING} {...bind(props, 'facing')} />
      {rental && (
        <>
          <GroupedNumberField label={msg('Security deposit')} prefix="₹" maxDigits={9} {...bind(props, 'securityDeposit')} />
          <GroupedNumberField label={msg('Maintenance (monthly)')} prefix="₹" maxDigits={7} {...bind(props, 'maintenanceCharges')} />
        </>
      )}
      <CheckboxesField label={msg('Amenities')} options={AMENITIES} values={list(props.values, 'amenities')} onChange={(v) => props.setFeature('amenities', v)} />
    </>
  );
}

function LandFields(props: DetailsProps) {
  return (
    <>
      <ChipsField label={msg('Land type')} required options={LAND_TYPES} {...bind(props, 'propertyType')} />
      <GroupedNumberField label={msg('Plot area (sq ft)')} required maxDigits={9} {...bind(props, 'area')} />
      <div className="sell-row">
        <GroupedNumberField label={msg('Length (ft)')} maxDigits={6} {...bind(props, 'length')} />
        <GroupedNumberField label={msg('Width (ft)')} maxDigits={6} {...bind(props, 'width')} />
      </div>
      <GroupedNumberField label={msg('Road width (ft)')} maxDigits={4} {...bind(props, 'roadWidth')} />
      <SelectField label={msg('Facing')} options={FACING} {...bind(props, 'facing')} />
      <ChipsField label={msg('Corner plot')} options={YES_NO} {...bind(props, 'cornerPlot')} />
      <ChipsField label={msg('Boundary wall')} options={BOUNDARY_WALL} {...bind(props, 'boundaryWall')} />
      <CheckboxesField label={msg('Facilities')} options={FACILITIES} values={list(props.values, 'facilities')} onChange={(v) => props.setFeature('facilities', v)} />
    </>
  );
}

function CommercialFields(props: DetailsProps) {
  return (
    <>
      <ChipsField label={msg('Property type')} required options={SHOP_TYPES} {...bind(props, 'propertyType')} />
      <GroupedNumberField label={msg('Area (sq ft)')} required maxDigits={7} {...bind(props, 'area')} />
      <TextField label={msg('Floor')} inputMode="numeric" maxLength={3} {...bind(props, 'floor')} onChange={(v) => props.setFeature('floor', v.replace(/\D/g, ''))} />
      <ChipsField label={msg('Furnishing')} options={FURNISHING} {...bind(props, 'furnishing')} />
      <SelectField label={msg('Age of property')} options={PROPERTY_AGE} {...bind(props, 'age')} />
      <ChipsField label={msg('Parking')} options={PARKING} {...bind(props, 'parking')} />
      <SelectField label={msg('Facing')} options={FACING} {...bind(props, 'facing')} />
      <ChipsField label={msg('Power backup')} options={POWER_BACKUP} {...bind(props, 'powerBackup')} />
      <CheckboxesField label={msg('Amenities')} options={AMENITIES} values={list(props.values, 'amenities')} onChange={(v) => props.setFeature('amenities', v)} />
    </>
  );
}

function TitleAndDescription(props: DetailsProps) {
  const words = useI18n();
  const { t } = words;
  const { family } = props.choice;
  const required = titleRequired(family);
  const describe = descriptionRequired(family);
  const { title, description } = props.values;
  const fallback = required ? undefined : defaultTitle(props.values.features);
  return (
    <>
      <TextField
        label={family === 'job' ? msg('Job title') : msg('Ad title')}
        name="title"
        required={required}
        value={title}
        maxLength={TITLE_MAX}
        placeholder={fallback}
        hint={
          family === 'job'
            ? t('e.g. Delivery executive, Accountant (Tally), Office assistant')
            : required
              ? t('Mention the key features of your item (e.g. brand, model, age, type)') : t('Leave empty to use "{title}"', { title: fallback ?? '' })
        }
        counter={required || title ? counterText(title, TITLE_MIN, TITLE_MAX, words) : undefined}
        counterLow={title.trim().length < TITLE_MIN}
        error={props.errorFor('title')}
        onChange={(v) => props.setText('title', v)}
        onBlur={() => props.touch('title')}
      />
      <TextAreaField
        label={family === 'job' ? msg('Job description') : msg('Description')}
        name="description"
        required={describe}
        value={description}
        maxLength={DESCRIPTION_MAX}
        hint={family === 'job' ? t('Role, hours, experience needed, how to apply') : t('Include condition, features and reason for selling')}
        counter={describe || description ? counterText(description, DESCRIPTION_MIN, DESCRIPTION_MAX, words) : undefined}
        counterLow={description.trim().length < DESCRIPTION_MIN}
        error={props.errorFor('description')}
        onChange={(v) => props.setText('description', v)}
        onBlur={() => props.touch('description')}
      />
    </>
  );
}
