import { randomUUID } from 'node:crypto'
import { createPool } from '@medstore/service-kit/prisma'
import { paletteFor, productSvg } from '../domain/product-art'
import { categoryKey } from '../domain/search'
import { renderArtwork } from '../images/process'

/*
 * Synthetic catalogues of any size (10,000 or 100,000 products) for benchmarks: realistic generic
 * medicine and ayurvedic names from a fixed vocabulary, a deterministic random sequence (the same
 * seed gives the same catalogue), bulk-inserted with unnest() in batches. Products of a category share
 * one picture, so 100,000 products cost 10 renders.
 */

const ALLOPATHIC = [
  'Paracetamol',
  'Ibuprofen',
  'Amoxicillin',
  'Azithromycin',
  'Cetirizine',
  'Levocetirizine',
  'Montelukast',
  'Metformin',
  'Glimepiride',
  'Amlodipine',
  'Telmisartan',
  'Losartan',
  'Atorvastatin',
  'Rosuvastatin',
  'Pantoprazole',
  'Omeprazole',
  'Rabeprazole',
  'Domperidone',
  'Ondansetron',
  'Diclofenac',
  'Aceclofenac',
  'Naproxen',
  'Ciprofloxacin',
  'Ofloxacin',
  'Cefixime',
  'Doxycycline',
  'Fluconazole',
  'Clotrimazole',
  'Ketoconazole',
  'Vitamin D3',
  'Vitamin C',
  'Vitamin B12',
  'Folic Acid',
  'Calcium Carbonate',
  'Ferrous Sulphate',
  'Zinc Sulphate',
  'Salbutamol',
  'Budesonide',
  'Prednisolone',
  'Metoprolol',
  'Atenolol',
  'Clopidogrel',
  'Aspirin',
  'Sitagliptin',
  'Vildagliptin',
  'Gliclazide',
  'Levothyroxine',
  'Mefenamic Acid',
  'Dicyclomine',
  'Loperamide',
  'Ranitidine',
  'Famotidine',
  'Chlorpheniramine',
  'Dextromethorphan',
  'Ambroxol',
  'Guaifenesin',
]
const HERBS = [
  'Ashwagandha',
  'Triphala',
  'Giloy',
  'Brahmi',
  'Tulsi',
  'Neem',
  'Amla',
  'Shatavari',
  'Arjuna',
  'Guggulu',
  'Punarnava',
  'Shilajit',
  'Haritaki',
  'Moringa',
  'Haldi',
  'Mulethi',
  'Jatamansi',
  'Shankhpushpi',
  'Gokshura',
  'Kalmegh',
  'Dashmool',
  'Chitrak',
  'Bhringraj',
  'Kumkumadi',
]
const ALLOPATHIC_FORMS = [
  'Tablet',
  'Capsule',
  'Syrup',
  'Suspension',
  'Drops',
  'Cream',
  'Gel',
  'Ointment',
  'Injection',
]
const AYURVEDIC_FORMS = ['Churna', 'Vati', 'Capsule', 'Ras', 'Arishta', 'Taila', 'Ghrita', 'Avaleha']
const STRENGTHS = [
  '5 mg',
  '10 mg',
  '20 mg',
  '40 mg',
  '100 mg',
  '250 mg',
  '500 mg',
  '650 mg',
  '1000 IU',
  '60000 IU',
]
const PACKS = ['50 g', '100 g', '200 ml', '450 ml', '60 Tablets', '30 Capsules', '100 ml']
const MAKERS = [
  'Zenova',
  'Medisun',
  'Aarogyam',
  'Kalpa',
  'Vedanta Herbals',
  'Sushrut',
  'Nirmal',
  'Pranav Pharma',
  'Sahyadri',
  'Ganga Life',
  'Charak Labs',
  'Dhanvantri',
  'Mahalaxmi',
  'Suraksha',
  'Jeevan',
  'Nilgiri',
  'Indus Remedies',
  'Kaveri Health',
  'Himshikhar',
  'Triveni',
  'Saraswati',
  'Narmada',
  'Arogya Plus',
  'Vindhya',
  'Konark',
  'Malabar Pharma',
  'Deccan Labs',
  'Udaipur Herbals',
  'Shivalik',
  'Pushpak',
  'Sanjivani',
  'Amrit Vedic',
  'Navjeevan',
  'Rudra',
  'Aravali',
  'Kamdhenu',
  'Satpura',
  'Godavari',
  'Tapti',
  'Yamuna',
]
export const SYNTHETIC_CATEGORIES = [
  'Pain & Fever',
  'Cold & Cough',
  'Digestive Care',
  'Diabetes Care',
  'Heart & Blood Pressure',
  'Vitamins & Supplements',
  'Ayurvedic',
  'Skin & Hair Care',
  'Anti-infectives',
  'Respiratory Care',
]

/** mulberry32: a small deterministic PRNG. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type SyntheticProduct = {
  name: string
  category: string
  pricePaise: number
  description: string
  stock: number
  requiresPrescription: boolean
}

export function* syntheticProducts(count: number, seed = 42): Generator<SyntheticProduct> {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  for (let i = 0; i < count; i++) {
    const ayurvedic = next() < 0.3
    const maker = pick(MAKERS)
    const name = ayurvedic
      ? `${pick(HERBS)} ${pick(AYURVEDIC_FORMS)} ${pick(PACKS)} ${maker}`
      : `${pick(ALLOPATHIC)} ${pick(STRENGTHS)} ${pick(ALLOPATHIC_FORMS)} ${maker}`
    const category = ayurvedic ? 'Ayurvedic' : pick(SYNTHETIC_CATEGORIES.filter((c) => c !== 'Ayurvedic'))
    yield {
      name,
      category,
      pricePaise: 500 + Math.floor(next() * 150_000),
      description: `${name}. ${ayurvedic ? 'Classical ayurvedic preparation' : 'Generic medicine'} by ${maker}; synthetic product for benchmarks.`,
      stock: Math.floor(next() * 500),
      requiresPrescription: !ayurvedic && next() < 0.35,
    }
  }
}

/**
 * Adds `count` synthetic products (and any missing categories) to a migrated catalogue database, in
 * batches; no events are published (benchmarks only). Returns the time taken in ms.
 */
export async function insertSyntheticCatalogue(
  databaseUrl: string,
  count: number,
  seed = 42,
): Promise<number> {
  const started = Date.now()
  const pool = createPool(databaseUrl, 2)
  try {
    const categoryIds = new Map<string, string>()
    const imageIds = new Map<string, string>()
    for (const name of SYNTHETIC_CATEGORIES) {
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO category (id, name, name_key) VALUES ($1, $2, $3)
         ON CONFLICT (name_key) DO UPDATE SET name = category.name RETURNING id::text AS id`,
        [randomUUID(), name, categoryKey(name)],
      )
      categoryIds.set(name, rows[0]!.id)
      const image = await renderArtwork(productSvg(name, 'tablet', paletteFor(name)))
      await pool.query(
        'INSERT INTO image (id, content_type, data, etag, card_data, card_etag) VALUES ($1, $2, $3, $4, $5, $6)',
        [
          image.id,
          image.contentType,
          Buffer.from(image.data),
          image.etag,
          Buffer.from(image.cardData),
          image.cardEtag,
        ],
      )
      imageIds.set(name, image.id)
    }
    const BATCH = 5_000
    let batch: SyntheticProduct[] = []
    const flush = async () => {
      if (batch.length === 0) return
      const col = <K extends keyof SyntheticProduct>(k: K) => batch.map((p) => p[k])
      await pool.query(
        `INSERT INTO product (id, name, category_id, price_paise, description, image_id, stock, requires_prescription)
         SELECT gen_random_uuid(), * FROM unnest($1::text[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::int[], $7::bool[])`,
        [
          col('name'),
          batch.map((p) => categoryIds.get(p.category)),
          col('pricePaise'),
          col('description'),
          batch.map((p) => imageIds.get(p.category)),
          col('stock'),
          col('requiresPrescription'),
        ],
      )
      batch = []
    }
    for (const product of syntheticProducts(count, seed)) {
      batch.push(product)
      if (batch.length === BATCH) await flush()
    }
    await flush()
    await pool.query('ANALYZE product')
    return Date.now() - started
  } finally {
    await pool.end()
  }
}
