// The 21 brands and their models offered by the lead submission wizard (spec §2.6, §3).

export interface WizardBrand {
  /** Same slug as in `VEHICLE_BRANDS`. */
  value: string;
  label: string;
  models: readonly string[];
}

/** In the order of spec §3; every model here is also in `VEHICLE_BRANDS`. */
export const WIZARD_BRANDS: readonly WizardBrand[] = [
  { value: 'toyota', label: 'Toyota', models: ['Corolla', 'Camry', 'Prius', 'Highlander'] },
  { value: 'honda', label: 'Honda', models: ['City', 'Amaze', 'Elevate', 'Jazz'] },
  {
    value: 'maruti_suzuki',
    label: 'Maruti Suzuki',
    models: ['Swift', 'Baleno', 'Dzire', 'Ertiga'],
  },
  { value: 'hyundai', label: 'Hyundai', models: ['Creta', 'i20', 'Venue', 'Verna'] },
  { value: 'ford', label: 'Ford', models: ['EcoSport', 'Figo', 'Endeavour', 'Aspire'] },
  { value: 'volkswagen', label: 'Volkswagen', models: ['Polo', 'Vento', 'Virtus', 'Taigun'] },
  { value: 'renault', label: 'Renault', models: ['Kwid', 'Duster', 'Triber', 'Kiger'] },
  { value: 'tata', label: 'Tata', models: ['Nexon', 'Harrier', 'Punch', 'Tiago'] },
  { value: 'mahindra', label: 'Mahindra', models: ['Scorpio', 'XUV700', 'Thar', 'Bolero'] },
  { value: 'byd', label: 'BYD', models: ['Atto 3', 'Seal', 'e6'] },
  { value: 'nissan', label: 'Nissan', models: ['Magnite', 'Kicks', 'Sunny', 'Micra'] },
  { value: 'skoda', label: 'Skoda', models: ['Octavia', 'Superb', 'Kushaq', 'Slavia'] },
  { value: 'kia', label: 'Kia', models: ['Seltos', 'Sonet', 'Carens', 'Carnival'] },
  { value: 'audi', label: 'Audi', models: ['A4', 'A6', 'Q3', 'Q5'] },
  { value: 'bmw', label: 'BMW', models: ['3 Series', '5 Series', 'X1', 'X5'] },
  { value: 'mercedes', label: 'Mercedes-Benz', models: ['C-Class', 'E-Class', 'GLA', 'GLC'] },
  { value: 'jaguar', label: 'Jaguar', models: ['XE', 'XF', 'F-Pace'] },
  {
    value: 'land_rover',
    label: 'Land Rover',
    models: ['Defender', 'Discovery Sport', 'Range Rover', 'Range Rover Evoque'],
  },
  { value: 'isuzu', label: 'Isuzu', models: ['D-Max', 'MU-X'] },
  { value: 'volvo', label: 'Volvo', models: ['XC40', 'XC60', 'XC90', 'S60'] },
  { value: 'lexus', label: 'Lexus', models: ['ES', 'NX', 'RX', 'LX'] },
];
