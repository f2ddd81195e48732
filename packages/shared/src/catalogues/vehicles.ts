// Brand → model → variant catalogue of the lead-list filters (spec §2.3, §3), Indian market.

export interface VehicleModel {
  name: string;
  /** Trim names, sorted with `localeCompare('en')`, no duplicates. */
  variants: readonly string[];
}

export interface VehicleBrand {
  /** Lowercase slug stored on leads, e.g. `maruti_suzuki`. */
  value: string;
  label: string;
  models: readonly VehicleModel[];
}

/** Sorted by label. Every wizard brand and model (see `./wizard-brands`) is present here. */
export const VEHICLE_BRANDS: readonly VehicleBrand[] = [
  {
    value: 'aston_martin',
    label: 'Aston Martin',
    models: [
      { name: 'DB11', variants: ['V12', 'V8', 'V8 Volante'] },
      { name: 'DBS', variants: ['Superleggera', 'Superleggera Volante'] },
      { name: 'DBX', variants: ['707', 'V8'] },
      { name: 'Vantage', variants: ['Coupe', 'F1 Edition', 'Roadster'] },
    ],
  },
  {
    value: 'audi',
    label: 'Audi',
    models: [
      {
        name: 'A3',
        variants: [
          '35 TDI Premium Plus',
          '35 TFSI Premium Plus',
          '40 TFSI Premium',
          'Cabriolet 35 TFSI',
        ],
      },
      {
        name: 'A4',
        variants: [
          '35 TDI Premium Plus',
          '35 TDI Technology',
          'Premium',
          'Premium Plus',
          'Technology',
        ],
      },
      {
        name: 'A6',
        variants: ['35 TDI Matrix', '45 TFSI Premium Plus', 'Premium Plus', 'Technology'],
      },
      { name: 'A8 L', variants: ['55 TFSI quattro', 'Celebration Edition', 'Technology'] },
      { name: 'e-tron', variants: ['50 quattro', '55 quattro', 'Sportback 55 quattro'] },
      {
        name: 'Q3',
        variants: [
          '35 TDI quattro Premium Plus',
          'Bold Edition',
          'Premium',
          'Premium Plus',
          'Technology',
        ],
      },
      {
        name: 'Q5',
        variants: ['45 TDI quattro Premium Plus', 'Bold Edition', 'Premium Plus', 'Technology'],
      },
      {
        name: 'Q7',
        variants: ['45 TDI quattro Premium Plus', 'Bold Edition', 'Premium Plus', 'Technology'],
      },
      { name: 'Q8', variants: ['55 TFSI quattro', 'Celebration', 'Technology'] },
    ],
  },
  {
    value: 'bentley',
    label: 'Bentley',
    models: [
      { name: 'Bentayga', variants: ['EWB', 'Hybrid', 'Speed', 'V8'] },
      { name: 'Continental GT', variants: ['Azure', 'Speed', 'V8'] },
      { name: 'Flying Spur', variants: ['Hybrid', 'Speed', 'V8'] },
    ],
  },
  {
    value: 'bmw',
    label: 'BMW',
    models: [
      { name: '2 Series Gran Coupe', variants: ['218d M Sport', '220d M Sport', '220i M Sport'] },
      {
        name: '3 Series',
        variants: ['320d Luxury Line', '320d Sport', '330i M Sport', 'M340i xDrive'],
      },
      {
        name: '3 Series Gran Limousine',
        variants: ['320Ld Luxury Line', '320Ld M Sport', '330Li M Sport'],
      },
      {
        name: '5 Series',
        variants: [
          '520d Luxury Line',
          '520d M Sport',
          '530d M Sport',
          '530i M Sport',
          '530Li M Sport',
        ],
      },
      { name: '7 Series', variants: ['730Ld', '740d M Sport', '740Li M Sport', '760Li M Sport'] },
      { name: 'iX', variants: ['xDrive40', 'xDrive50'] },
      {
        name: 'X1',
        variants: ['sDrive18d M Sport', 'sDrive18i M Sport', 'sDrive20d xLine', 'sDrive20i SportX'],
      },
      {
        name: 'X3',
        variants: ['xDrive20d Luxury Line', 'xDrive20d M Sport', 'xDrive30i SportX Plus'],
      },
      { name: 'X5', variants: ['xDrive30d M Sport', 'xDrive30d xLine', 'xDrive40i M Sport'] },
      { name: 'X7', variants: ['xDrive30d DPE', 'xDrive40d M Sport', 'xDrive40i M Sport'] },
    ],
  },
  {
    value: 'byd',
    label: 'BYD',
    models: [
      { name: 'Atto 3', variants: ['Dynamic', 'Premium', 'Superior'] },
      { name: 'e6', variants: ['Electric', 'Premium'] },
      {
        name: 'eMAX 7',
        variants: [
          'Premium 6 Seater',
          'Premium 7 Seater',
          'Superior 6 Seater',
          'Superior 7 Seater',
        ],
      },
      { name: 'Seal', variants: ['Dynamic Range', 'Performance', 'Premium Range'] },
      { name: 'Sealion 7', variants: ['Performance', 'Premium'] },
    ],
  },
  {
    value: 'chevrolet',
    label: 'Chevrolet',
    models: [
      { name: 'Beat', variants: ['LS', 'LT', 'LT Option', 'PS'] },
      { name: 'Captiva', variants: ['LT', 'LTZ AWD'] },
      { name: 'Cruze', variants: ['LT', 'LTZ', 'LTZ AT'] },
      { name: 'Enjoy', variants: ['LS 7 STR', 'LT 8 STR', 'LTZ 7 STR'] },
      { name: 'Optra', variants: ['1.6 LS', 'Magnum 1.6 LS', 'Magnum 2.0 LT'] },
      { name: 'Sail', variants: ['1.2 LS', '1.3 LS', '1.3 LT ABS'] },
      { name: 'Spark', variants: ['1.0 LS', '1.0 LT', '1.0 PS'] },
      { name: 'Tavera', variants: ['Neo 3 LS', 'Neo 3 LT', 'Neo 3 Max'] },
    ],
  },
  {
    value: 'citroen',
    label: 'Citroen',
    models: [
      { name: 'Basalt', variants: ['Max', 'Max Turbo AT', 'Plus', 'You'] },
      { name: 'C3', variants: ['Feel', 'Live', 'Shine', 'Shine Turbo'] },
      { name: 'C3 Aircross', variants: ['Max', 'Max AT', 'Plus', 'You'] },
      { name: 'C5 Aircross', variants: ['Feel', 'Shine'] },
      { name: 'eC3', variants: ['Feel', 'Live', 'Shine'] },
    ],
  },
  {
    value: 'datsun',
    label: 'Datsun',
    models: [
      { name: 'GO', variants: ['A', 'D', 'T', 'T CVT', 'T(O)'] },
      { name: 'GO+', variants: ['A', 'D', 'T', 'T CVT', 'T(O)'] },
      { name: 'redi-GO', variants: ['A', 'D', 'S', 'T', 'T(O)'] },
    ],
  },
  {
    value: 'ferrari',
    label: 'Ferrari',
    models: [
      { name: '296', variants: ['GTB', 'GTS'] },
      { name: '812', variants: ['Competizione', 'GTS', 'Superfast'] },
      { name: 'F8', variants: ['Spider', 'Tributo'] },
      { name: 'Roma', variants: ['Coupe', 'Spider'] },
      { name: 'SF90', variants: ['Spider', 'Stradale'] },
    ],
  },
  {
    value: 'fiat',
    label: 'Fiat',
    models: [
      { name: 'Avventura', variants: ['Active', 'Dynamic', 'Emotion'] },
      { name: 'Linea', variants: ['Active', 'Dynamic', 'Emotion', 'T-Jet'] },
      { name: 'Palio', variants: ['1.2 ELX', 'NV', 'Stile'] },
      { name: 'Punto', variants: ['Active', 'Dynamic', 'Emotion', 'Evo'] },
    ],
  },
  {
    value: 'force',
    label: 'Force Motors',
    models: [
      { name: 'Force One', variants: ['EX', 'LX', 'SX'] },
      { name: 'Gurkha', variants: ['3 Door', '5 Door'] },
      { name: 'Trax Cruiser', variants: ['Delux', 'Standard'] },
    ],
  },
  {
    value: 'ford',
    label: 'Ford',
    models: [
      {
        name: 'Aspire',
        variants: ['Ambiente', 'Titanium', 'Titanium Plus', 'Trend', 'Trend Plus'],
      },
      {
        name: 'EcoSport',
        variants: ['Ambiente', 'S', 'Thunder Edition', 'Titanium', 'Titanium Plus', 'Trend'],
      },
      {
        name: 'Endeavour',
        variants: ['Sport', 'Titanium 4x2 AT', 'Titanium Plus 4x2 AT', 'Titanium Plus 4x4 AT'],
      },
      { name: 'Fiesta', variants: ['Ambiente', 'Titanium', 'Titanium Plus', 'Trend'] },
      {
        name: 'Figo',
        variants: ['Ambiente', 'Titanium', 'Titanium Blu', 'Titanium Plus', 'Trend'],
      },
      {
        name: 'Freestyle',
        variants: ['Ambiente', 'Flair Edition', 'Titanium', 'Titanium Plus', 'Trend'],
      },
    ],
  },
  {
    value: 'hindustan_motors',
    label: 'Hindustan Motors',
    models: [
      { name: 'Ambassador', variants: ['Avigo', 'Classic', 'Encore', 'Grand'] },
      { name: 'Contessa', variants: ['Classic', 'GLX'] },
    ],
  },
  {
    value: 'honda',
    label: 'Honda',
    models: [
      { name: 'Amaze', variants: ['E', 'S', 'S CVT', 'V', 'VX', 'VX CVT', 'ZX'] },
      { name: 'Brio', variants: ['E', 'S', 'V', 'VX AT'] },
      { name: 'City', variants: ['SV', 'V', 'V CVT', 'VX', 'VX CVT', 'ZX', 'ZX CVT'] },
      { name: 'Civic', variants: ['V CVT', 'VX CVT', 'ZX CVT', 'ZX Diesel'] },
      { name: 'CR-V', variants: ['1.6 Diesel AWD', '2.0 Petrol 2WD', '2.4 AT'] },
      { name: 'Elevate', variants: ['SV', 'V', 'V CVT', 'VX', 'VX CVT', 'ZX', 'ZX CVT'] },
      { name: 'Jazz', variants: ['V', 'V CVT', 'VX', 'VX CVT', 'ZX', 'ZX CVT'] },
      { name: 'Mobilio', variants: ['E', 'RS', 'S', 'V'] },
      { name: 'WR-V', variants: ['i-DTEC SV', 'i-DTEC VX', 'SV', 'VX'] },
    ],
  },
  {
    value: 'hyundai',
    label: 'Hyundai',
    models: [
      {
        name: 'Alcazar',
        variants: ['Executive', 'Platinum', 'Platinum(O)', 'Prestige', 'Signature', 'Signature(O)'],
      },
      { name: 'Aura', variants: ['E', 'S', 'S CNG', 'SX', 'SX(O)'] },
      { name: 'Creta', variants: ['E', 'EX', 'S', 'S(O)', 'SX', 'SX Tech', 'SX(O)'] },
      { name: 'Exter', variants: ['EX', 'S', 'S CNG', 'SX', 'SX(O)', 'SX(O) Connect'] },
      { name: 'Grand i10 Nios', variants: ['Asta', 'Era', 'Magna', 'Magna CNG', 'Sportz'] },
      { name: 'i10', variants: ['Asta', 'D-Lite', 'Era', 'Magna', 'Sportz'] },
      { name: 'i20', variants: ['Asta', 'Asta(O)', 'Era', 'Magna', 'Sportz'] },
      { name: 'Santro', variants: ['Asta', 'D-Lite', 'Era', 'Magna', 'Sportz'] },
      { name: 'Tucson', variants: ['Platinum', 'Signature'] },
      { name: 'Venue', variants: ['E', 'S', 'S(O)', 'SX', 'SX(O)'] },
      { name: 'Verna', variants: ['EX', 'S', 'SX', 'SX Turbo', 'SX(O)', 'SX(O) Turbo'] },
    ],
  },
  {
    value: 'isuzu',
    label: 'Isuzu',
    models: [
      { name: 'D-Max', variants: ['Hi-Lander', 'Regular Cab', 'S-CAB', 'S-CAB Z'] },
      { name: 'MU-X', variants: ['4x2 AT', '4x4 AT'] },
      { name: 'V-Cross', variants: ['Z 2WD', 'Z 4WD', 'Z Prestige 4WD AT'] },
    ],
  },
  {
    value: 'jaguar',
    label: 'Jaguar',
    models: [
      { name: 'F-Pace', variants: ['Prestige', 'R-Dynamic S', 'SVR'] },
      { name: 'F-Type', variants: ['Convertible', 'Coupe', 'R', 'R-Dynamic'] },
      { name: 'I-Pace', variants: ['HSE', 'S', 'SE'] },
      { name: 'XE', variants: ['HSE', 'S', 'SE'] },
      { name: 'XF', variants: ['Portfolio', 'Prestige', 'R-Dynamic S', 'S'] },
      { name: 'XJ', variants: ['L 3.0 Portfolio', 'L 3.0 Premium Luxury', 'L 5.0 Autobiography'] },
    ],
  },
  {
    value: 'jeep',
    label: 'Jeep',
    models: [
      {
        name: 'Compass',
        variants: [
          'Anniversary Edition',
          'Limited (O)',
          'Longitude',
          'Longitude (O)',
          'Model S',
          'Sport',
          'Trailhawk',
        ],
      },
      { name: 'Grand Cherokee', variants: ['Limited (O)', 'Summit'] },
      { name: 'Meridian', variants: ['Limited', 'Limited (O)', 'Limited Plus', 'Overland'] },
      { name: 'Wrangler', variants: ['Rubicon', 'Unlimited'] },
    ],
  },
  {
    value: 'kia',
    label: 'Kia',
    models: [
      {
        name: 'Carens',
        variants: ['Luxury', 'Luxury Plus', 'Premium', 'Prestige', 'Prestige Plus', 'X-Line'],
      },
      { name: 'Carnival', variants: ['Limousine', 'Limousine Plus', 'Premium', 'Prestige'] },
      { name: 'EV6', variants: ['GT Line', 'GT Line AWD'] },
      {
        name: 'Seltos',
        variants: ['GTX Plus', 'HTE', 'HTK', 'HTK Plus', 'HTX', 'HTX Plus', 'X-Line'],
      },
      {
        name: 'Sonet',
        variants: ['GTX Plus', 'HTE', 'HTK', 'HTK Plus', 'HTX', 'HTX Plus', 'X-Line'],
      },
      { name: 'Syros', variants: ['HTK', 'HTK Plus', 'HTX', 'HTX Plus'] },
    ],
  },
  {
    value: 'lamborghini',
    label: 'Lamborghini',
    models: [
      { name: 'Aventador', variants: ['LP 700-4', 'S', 'SVJ'] },
      { name: 'Huracan', variants: ['EVO', 'Sterrato', 'STO', 'Tecnica'] },
      { name: 'Urus', variants: ['Performante', 'S', 'SE'] },
    ],
  },
  {
    value: 'land_rover',
    label: 'Land Rover',
    models: [
      {
        name: 'Defender',
        variants: ['110 HSE', '110 S', '110 SE', '110 X-Dynamic HSE', '130 X', '90 SE'],
      },
      { name: 'Discovery', variants: ['HSE', 'Metropolitan Edition', 'S', 'SE'] },
      { name: 'Discovery Sport', variants: ['Dynamic SE', 'HSE', 'S', 'SE'] },
      { name: 'Freelander 2', variants: ['HSE', 'S', 'SE'] },
      { name: 'Range Rover', variants: ['Autobiography', 'HSE', 'SE', 'SV'] },
      { name: 'Range Rover Evoque', variants: ['Autobiography', 'Dynamic SE', 'HSE', 'S', 'SE'] },
      { name: 'Range Rover Sport', variants: ['Autobiography', 'Dynamic SE', 'HSE', 'SE', 'SV'] },
      { name: 'Range Rover Velar', variants: ['Dynamic HSE', 'HSE', 'R-Dynamic SE', 'S', 'SE'] },
    ],
  },
  {
    value: 'lexus',
    label: 'Lexus',
    models: [
      { name: 'ES', variants: ['300h Exquisite', '300h Luxury'] },
      { name: 'LM', variants: ['350h 4-Seater', '350h 7-Seater'] },
      { name: 'LS', variants: ['500h Distinct', '500h Nishijin', '500h Ultra Luxury'] },
      { name: 'LX', variants: ['500d', '570'] },
      { name: 'NX', variants: ['300h', '350h Exquisite', '350h F Sport', '350h Luxury'] },
      { name: 'RX', variants: ['350h Luxury', '450hL', '500h F Sport Performance'] },
    ],
  },
  {
    value: 'lotus',
    label: 'Lotus',
    models: [
      { name: 'Eletre', variants: ['Base', 'R', 'S'] },
      { name: 'Emira', variants: ['Turbo', 'V6'] },
    ],
  },
  {
    value: 'mahindra',
    label: 'Mahindra',
    models: [
      { name: 'Bolero', variants: ['B4', 'B6', 'B6(O)'] },
      { name: 'Bolero Neo', variants: ['N10', 'N10(O)', 'N4', 'N8'] },
      { name: 'Scorpio', variants: ['S', 'S11', 'S3', 'S5', 'S7', 'S9'] },
      { name: 'Scorpio-N', variants: ['Z2', 'Z4', 'Z6', 'Z8', 'Z8 L'] },
      { name: 'Thar', variants: ['AX(O)', 'Earth Edition', 'LX', 'LX 4WD'] },
      { name: 'Thar Roxx', variants: ['AX3L', 'AX5L', 'AX7L', 'MX1', 'MX3', 'MX5'] },
      { name: 'XUV 3XO', variants: ['AX5', 'AX7', 'AX7 L', 'MX1', 'MX2', 'MX3'] },
      { name: 'XUV300', variants: ['W4', 'W6', 'W8', 'W8(O)'] },
      { name: 'XUV500', variants: ['W10', 'W11', 'W5', 'W7', 'W9'] },
      { name: 'XUV700', variants: ['AX3', 'AX5', 'AX7', 'AX7 L', 'MX'] },
    ],
  },
  {
    value: 'maruti_suzuki',
    label: 'Maruti Suzuki',
    models: [
      { name: 'Alto K10', variants: ['LXi', 'LXi CNG', 'STD', 'VXi', 'VXi AGS', 'VXi Plus'] },
      {
        name: 'Baleno',
        variants: [
          'Alpha',
          'Alpha AGS',
          'Delta',
          'Delta AGS',
          'Delta CNG',
          'Sigma',
          'Zeta',
          'Zeta AGS',
        ],
      },
      {
        name: 'Brezza',
        variants: ['LXi', 'VXi', 'VXi AT', 'VXi CNG', 'ZXi', 'ZXi AT', 'ZXi Plus', 'ZXi Plus AT'],
      },
      { name: 'Celerio', variants: ['LXi', 'VXi', 'VXi AMT', 'VXi CNG', 'ZXi', 'ZXi Plus'] },
      {
        name: 'Ciaz',
        variants: ['Alpha', 'Alpha AT', 'Delta', 'Delta AT', 'Sigma', 'Zeta', 'Zeta AT'],
      },
      {
        name: 'Dzire',
        variants: ['LXi', 'VXi', 'VXi AMT', 'VXi CNG', 'ZXi', 'ZXi AMT', 'ZXi Plus'],
      },
      {
        name: 'Ertiga',
        variants: ['LXi(O)', 'VXi AT', 'VXi CNG', 'VXi(O)', 'ZXi AT', 'ZXi Plus', 'ZXi(O)'],
      },
      {
        name: 'Fronx',
        variants: ['Alpha', 'Alpha Turbo AT', 'Delta', 'Delta AMT', 'Delta Plus', 'Sigma', 'Zeta'],
      },
      {
        name: 'Grand Vitara',
        variants: [
          'Alpha',
          'Alpha AllGrip',
          'Alpha Plus Hybrid',
          'Delta',
          'Sigma',
          'Zeta',
          'Zeta Plus Hybrid',
        ],
      },
      {
        name: 'Swift',
        variants: [
          'LXi',
          'VXi',
          'VXi AMT',
          'VXi CNG',
          'VXi(O)',
          'ZXi',
          'ZXi AMT',
          'ZXi Plus',
          'ZXi Plus AMT',
        ],
      },
      { name: 'WagonR', variants: ['LXi', 'LXi CNG', 'VXi', 'VXi AGS', 'ZXi', 'ZXi Plus'] },
      { name: 'XL6', variants: ['Alpha', 'Alpha Plus', 'Alpha Plus AT', 'Zeta', 'Zeta AT'] },
    ],
  },
  {
    value: 'maserati',
    label: 'Maserati',
    models: [
      { name: 'Ghibli', variants: ['GT Hybrid', 'Modena', 'Trofeo'] },
      { name: 'Grecale', variants: ['GT', 'Modena', 'Trofeo'] },
      { name: 'Levante', variants: ['GT Hybrid', 'Modena', 'Trofeo'] },
      { name: 'MC20', variants: ['Cielo', 'Coupe'] },
      { name: 'Quattroporte', variants: ['GT', 'Modena', 'Trofeo'] },
    ],
  },
  {
    value: 'mclaren',
    label: 'McLaren',
    models: [
      { name: '720S', variants: ['Coupe', 'Spider'] },
      { name: '750S', variants: ['Coupe', 'Spider'] },
      { name: 'Artura', variants: ['Coupe', 'Spider'] },
    ],
  },
  {
    value: 'mercedes',
    label: 'Mercedes-Benz',
    models: [
      { name: 'A-Class Limousine', variants: ['A 200', 'A 200d', 'AMG A 35 4MATIC'] },
      { name: 'C-Class', variants: ['AMG C 43 4MATIC', 'C 200', 'C 220d', 'C 300d'] },
      { name: 'E-Class', variants: ['E 200', 'E 220d', 'E 350d', 'E 450 4MATIC'] },
      { name: 'EQS', variants: ['580 4MATIC', 'AMG 53 4MATIC+'] },
      { name: 'G-Class', variants: ['AMG G 63', 'G 400d Adventure Edition', 'G 400d AMG Line'] },
      { name: 'GLA', variants: ['AMG GLA 35 4MATIC', 'GLA 200', 'GLA 220d 4MATIC'] },
      { name: 'GLC', variants: ['AMG GLC 43 4MATIC Coupe', 'GLC 220d 4MATIC', 'GLC 300 4MATIC'] },
      { name: 'GLE', variants: ['GLE 300d 4MATIC', 'GLE 450 4MATIC', 'GLE 450d 4MATIC'] },
      { name: 'GLS', variants: ['GLS 450 4MATIC', 'GLS 450d 4MATIC', 'Maybach GLS 600'] },
      { name: 'S-Class', variants: ['Maybach S 580', 'S 350d', 'S 450 4MATIC'] },
    ],
  },
  {
    value: 'mg',
    label: 'MG',
    models: [
      { name: 'Astor', variants: ['Savvy Pro', 'Select', 'Sharp Pro', 'Shine', 'Sprint'] },
      { name: 'Comet EV', variants: ['Excite', 'Exclusive', 'Executive'] },
      { name: 'Gloster', variants: ['Blackstorm', 'Savvy', 'Sharp'] },
      {
        name: 'Hector',
        variants: ['Savvy Pro', 'Select Pro', 'Sharp Pro', 'Shine Pro', 'Smart Pro', 'Style'],
      },
      { name: 'Hector Plus', variants: ['Savvy Pro', 'Select Pro', 'Sharp Pro', 'Smart Pro'] },
      { name: 'Windsor EV', variants: ['Essence', 'Excite', 'Exclusive'] },
      { name: 'ZS EV', variants: ['Essence', 'Excite Pro', 'Exclusive Plus', 'Executive'] },
    ],
  },
  {
    value: 'mini',
    label: 'Mini',
    models: [
      { name: 'Cooper', variants: ['3 Door', '5 Door', 'S', 'S JCW Inspired'] },
      { name: 'Cooper Convertible', variants: ['S', 'Sidewalk Edition'] },
      { name: 'Countryman', variants: ['Cooper S', 'Cooper S JCW Inspired', 'Electric'] },
    ],
  },
  {
    value: 'mitsubishi',
    label: 'Mitsubishi',
    models: [
      { name: 'Lancer', variants: ['GLXi', 'LXi', 'SFXi'] },
      { name: 'Outlander', variants: ['2.4 CVT', '2.4 MT'] },
      { name: 'Pajero Sport', variants: ['4x2 AT', '4x4 MT', 'Select Plus AT'] },
    ],
  },
  {
    value: 'nissan',
    label: 'Nissan',
    models: [
      { name: 'Kicks', variants: ['XL', 'XV', 'XV Premium', 'XV Premium(O)'] },
      {
        name: 'Magnite',
        variants: [
          'Acenta',
          'N-Connecta',
          'Tekna',
          'Tekna Plus',
          'Visia',
          'XE',
          'XL',
          'XV',
          'XV Premium',
        ],
      },
      { name: 'Micra', variants: ['XE', 'XL', 'XL CVT', 'XV', 'XV CVT'] },
      { name: 'Sunny', variants: ['XE', 'XL', 'XV', 'XV CVT', 'XV D'] },
      { name: 'Terrano', variants: ['XE', 'XL', 'XV', 'XV AMT', 'XV Premium'] },
      { name: 'X-Trail', variants: ['SLX AT', 'SLX MT', 'XE'] },
    ],
  },
  {
    value: 'porsche',
    label: 'Porsche',
    models: [
      { name: '718', variants: ['Boxster', 'Cayman', 'Cayman GT4 RS'] },
      { name: '911', variants: ['Carrera', 'Carrera 4S', 'Carrera S', 'GT3', 'Turbo S'] },
      { name: 'Cayenne', variants: ['Base', 'Coupe', 'E-Hybrid', 'S', 'Turbo GT'] },
      { name: 'Macan', variants: ['Base', 'GTS', 'S', 'T'] },
      { name: 'Panamera', variants: ['4', '4 E-Hybrid', 'Base', 'GTS', 'Turbo S'] },
      { name: 'Taycan', variants: ['4S', 'Base', 'Cross Turismo', 'Turbo', 'Turbo S'] },
    ],
  },
  {
    value: 'renault',
    label: 'Renault',
    models: [
      { name: 'Captur', variants: ['Platine', 'RXE', 'RXT'] },
      { name: 'Duster', variants: ['RXE', 'RXS', 'RXS Turbo CVT', 'RXZ', 'RXZ AWD'] },
      { name: 'Kiger', variants: ['RXE', 'RXL', 'RXT', 'RXT(O)', 'RXZ', 'RXZ Turbo CVT'] },
      { name: 'Kwid', variants: ['Climber', 'RXE', 'RXL', 'RXL(O)', 'RXT'] },
      { name: 'Lodgy', variants: ['RXE', 'RXL', 'RXZ', 'Stepway'] },
      { name: 'Pulse', variants: ['RXE', 'RXL', 'RXZ'] },
      { name: 'Scala', variants: ['RXE', 'RXL', 'RXZ'] },
      { name: 'Triber', variants: ['RXE', 'RXL', 'RXT', 'RXZ', 'RXZ EASY-R'] },
    ],
  },
  {
    value: 'rolls_royce',
    label: 'Rolls-Royce',
    models: [
      { name: 'Cullinan', variants: ['Black Badge', 'Series II', 'Standard'] },
      { name: 'Ghost', variants: ['Black Badge', 'Extended', 'Standard'] },
      { name: 'Phantom', variants: ['Extended Wheelbase', 'Series II', 'Standard'] },
      { name: 'Wraith', variants: ['Black Badge', 'Coupe'] },
    ],
  },
  {
    value: 'skoda',
    label: 'Skoda',
    models: [
      { name: 'Fabia', variants: ['Active', 'Ambiente', 'Elegance'] },
      { name: 'Kodiaq', variants: ['L&K', 'Sportline', 'Style'] },
      {
        name: 'Kushaq',
        variants: ['Active', 'Ambition', 'Monte Carlo', 'Onyx', 'Signature', 'Style'],
      },
      { name: 'Kylaq', variants: ['Classic', 'Prestige', 'Signature', 'Signature Plus'] },
      { name: 'Laura', variants: ['Ambiente', 'Elegance', 'L&K'] },
      { name: 'Octavia', variants: ['Active', 'Ambition', 'Elegance', 'L&K', 'RS', 'Style'] },
      { name: 'Rapid', variants: ['Active', 'Ambition', 'Monte Carlo', 'Onyx', 'Rider', 'Style'] },
      {
        name: 'Slavia',
        variants: ['Active', 'Ambition', 'Monte Carlo', 'Prestige', 'Signature', 'Style'],
      },
      { name: 'Superb', variants: ['Ambition', 'L&K', 'Sportline', 'Style'] },
    ],
  },
  {
    value: 'tata',
    label: 'Tata',
    models: [
      { name: 'Altroz', variants: ['XE', 'XM', 'XM Plus', 'XT', 'XZ', 'XZ Plus', 'XZ Plus(O)'] },
      { name: 'Curvv', variants: ['Accomplished', 'Creative', 'Pure Plus', 'Smart'] },
      {
        name: 'Harrier',
        variants: [
          'Adventure',
          'Adventure Plus',
          'Fearless',
          'Fearless Plus',
          'Pure',
          'Pure Plus',
          'Smart',
        ],
      },
      { name: 'Hexa', variants: ['XE', 'XM', 'XMA', 'XT', 'XT 4x4', 'XTA'] },
      {
        name: 'Nexon',
        variants: [
          'Creative',
          'Creative Plus',
          'Fearless',
          'Fearless Plus',
          'Pure',
          'Pure Plus',
          'Smart',
          'Smart Plus',
          'XE',
          'XM',
          'XZ',
          'XZ Plus',
        ],
      },
      {
        name: 'Nexon EV',
        variants: ['Creative Plus', 'Empowered', 'Empowered Plus', 'Fearless', 'Fearless Plus'],
      },
      {
        name: 'Punch',
        variants: ['Accomplished', 'Adventure', 'Adventure Rhythm', 'Creative', 'Pure'],
      },
      { name: 'Safari', variants: ['Accomplished', 'Adventure', 'Pure', 'Smart', 'XE', 'XZ Plus'] },
      { name: 'Tiago', variants: ['XE', 'XM', 'XT', 'XT CNG', 'XZ', 'XZ Plus', 'XZA Plus'] },
      { name: 'Tigor', variants: ['XE', 'XM', 'XZ', 'XZ CNG', 'XZ Plus'] },
    ],
  },
  {
    value: 'toyota',
    label: 'Toyota',
    models: [
      { name: 'Camry', variants: ['2.5 G', '2.5 Hybrid', 'W1 MT', 'W2 AT', 'W4 AT'] },
      { name: 'Corolla', variants: ['E', 'G', 'H2', 'H4', 'J'] },
      {
        name: 'Corolla Altis',
        variants: ['1.4 D-4D G', '1.4 D-4D GL', '1.8 G', '1.8 GL', '1.8 J', '1.8 VL AT'],
      },
      { name: 'Etios', variants: ['G', 'GD', 'V', 'VD', 'VX', 'VXD'] },
      { name: 'Fortuner', variants: ['4x2 AT', '4x2 MT', '4x4 AT', '4x4 MT', 'GR-S', 'Legender'] },
      { name: 'Glanza', variants: ['E', 'G', 'G AMT', 'S', 'S AMT', 'S CNG', 'V', 'V AMT'] },
      { name: 'Highlander', variants: ['Hybrid Limited', 'Limited', 'XLE'] },
      { name: 'Innova', variants: ['2.5 G', '2.5 V', '2.5 VX', '2.5 Z'] },
      { name: 'Innova Crysta', variants: ['G', 'GX', 'GX Plus', 'VX', 'ZX'] },
      { name: 'Innova Hycross', variants: ['G', 'GX', 'GX(O)', 'VX', 'VX(O)', 'ZX', 'ZX(O)'] },
      { name: 'Prius', variants: ['1.8 Z8', 'Z5', 'Z6'] },
      {
        name: 'Urban Cruiser Hyryder',
        variants: ['E', 'G', 'G Hybrid', 'S', 'S Hybrid', 'V', 'V AWD', 'V Hybrid'],
      },
      { name: 'Yaris', variants: ['G', 'J', 'V', 'V CVT', 'VX'] },
    ],
  },
  {
    value: 'volkswagen',
    label: 'Volkswagen',
    models: [
      { name: 'Ameo', variants: ['Comfortline', 'Highline', 'Highline Plus', 'Trendline'] },
      { name: 'Jetta', variants: ['Comfortline', 'Highline', 'Trendline'] },
      { name: 'Passat', variants: ['Comfortline', 'Highline'] },
      {
        name: 'Polo',
        variants: ['Comfortline', 'GT TDI', 'GT TSI', 'Highline', 'Highline Plus', 'Trendline'],
      },
      { name: 'Taigun', variants: ['Comfortline', 'GT', 'GT Plus', 'Highline', 'Topline'] },
      { name: 'Tiguan', variants: ['Comfortline', 'Elegance', 'Exclusive Edition', 'Highline'] },
      { name: 'Vento', variants: ['Comfortline', 'Highline', 'Highline Plus', 'Trendline'] },
      { name: 'Virtus', variants: ['Comfortline', 'GT', 'GT Plus', 'Highline', 'Topline'] },
    ],
  },
  {
    value: 'volvo',
    label: 'Volvo',
    models: [
      { name: 'S60', variants: ['B4 Ultimate', 'D4 Kinetic', 'D4 Summum', 'T4 Inscription'] },
      { name: 'S90', variants: ['B5 Ultimate', 'D4 Inscription', 'D4 Momentum'] },
      { name: 'V40', variants: ['D3 Kinetic', 'D3 R-Design', 'T4 Momentum'] },
      { name: 'XC40', variants: ['B4 Ultimate', 'D4 Momentum', 'T4 R-Design'] },
      { name: 'XC60', variants: ['B5 Ultimate', 'D4 Momentum', 'D5 Inscription', 'D5 Momentum'] },
      { name: 'XC90', variants: ['B6 Ultimate', 'D5 Inscription', 'D5 Momentum', 'T8 Excellence'] },
    ],
  },
];

/** Lowercases and turns spaces and hyphens into underscores, so 'Land Rover' finds `land_rover`. */
function toSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Finds a brand by its slug, case-insensitively. */
export function findBrand(value: string): VehicleBrand | undefined {
  const slug = toSlug(value);
  return VEHICLE_BRANDS.find((b) => b.value === slug);
}

/** Finds a model of a brand, both case-insensitively. */
export function findModel(brand: string, model: string): VehicleModel | undefined {
  const name = model.trim().toLowerCase();
  return findBrand(brand)?.models.find((m) => m.name.toLowerCase() === name);
}
