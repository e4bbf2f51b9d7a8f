import type { ProductForm } from '../images/product-art'

/*
 * The demo catalogue seeded when the catalogue starts empty: ayurvedic and allopathic medicines and
 * wellness products under generic (not brand) names, with rupee prices typical of an Indian chemist.
 * Prescription-only medicines are flagged.
 */
export type DemoProduct = {
  name: string
  price: number
  form: ProductForm
  stock: number
  description: string
  rx?: boolean
}

export const DEMO_CATALOGUE: Record<string, DemoProduct[]> = {
  'Pain & Fever': [
    {
      name: 'Paracetamol 650 mg Tablet',
      price: 30.91,
      form: 'tablet',
      stock: 240,
      description:
        'Strip of 15 tablets. Relieves fever and mild to moderate pain such as headache, body ache and toothache. Do not exceed 4 tablets in 24 hours.',
    },
    {
      name: 'Paracetamol 500 mg Tablet',
      price: 18.5,
      form: 'tablet',
      stock: 300,
      description:
        'Strip of 10 tablets. Everyday relief from fever and pain, gentle on the stomach. Suitable for adults and children over 12.',
    },
    {
      name: 'Ibuprofen 400 mg Tablet',
      price: 24,
      form: 'tablet',
      stock: 180,
      description:
        'Strip of 15 tablets. Anti-inflammatory pain reliever for joint pain, period pain and sprains. Take after food.',
    },
    {
      name: 'Diclofenac Gel 30 g',
      price: 112,
      form: 'cream',
      stock: 90,
      description:
        'Topical pain-relief gel for back pain, muscle strain and joint stiffness. Apply thinly 3 to 4 times a day and rub in gently.',
    },
    {
      name: 'Aceclofenac Paracetamol Tablet',
      price: 68.4,
      form: 'tablet',
      stock: 120,
      rx: true,
      description:
        'Strip of 10 tablets. Combination pain reliever for arthritis and dental pain. Use only as prescribed by your doctor.',
    },
    {
      name: 'Mefenamic Acid 250 mg Tablet',
      price: 41.2,
      form: 'tablet',
      stock: 110,
      rx: true,
      description:
        'Strip of 10 tablets. Relieves menstrual cramps and mild to moderate pain. Prescription medicine.',
    },
    {
      name: 'Pain Relief Balm 25 ml',
      price: 95,
      form: 'cream',
      stock: 150,
      description:
        'Warming balm with menthol, camphor and wintergreen oil for headache, neck and shoulder pain.',
    },
  ],
  'Cold & Cough': [
    {
      name: 'Cetirizine 10 mg Tablet',
      price: 19.8,
      form: 'tablet',
      stock: 260,
      description:
        'Strip of 10 tablets. Antihistamine for sneezing, runny nose, watery eyes and skin allergy. May cause drowsiness.',
    },
    {
      name: 'Dry Cough Syrup 100 ml',
      price: 118,
      form: 'syrup',
      stock: 80,
      description:
        'Soothing syrup with dextromethorphan for dry, irritating cough. Non-drowsy formula for adults.',
    },
    {
      name: 'Tulsi Honey Cough Syrup 100 ml',
      price: 96,
      form: 'syrup',
      stock: 140,
      description:
        'Herbal syrup with tulsi, mulethi, honey and ginger for cough and sore throat. Sugar-based, for adults and children over 4.',
    },
    {
      name: 'Steam Inhalation Capsule',
      price: 54,
      form: 'capsule',
      stock: 160,
      description:
        'Pack of 10 capsules with eucalyptus and menthol. Add one to hot water and inhale the vapour to clear a blocked nose.',
    },
    {
      name: 'Saline Nasal Drops 10 ml',
      price: 48,
      form: 'drops',
      stock: 130,
      description:
        'Gentle saline drops that loosen mucus and moisten a dry, blocked nose. Safe for infants and adults.',
    },
    {
      name: 'Levocetirizine Montelukast Tablet',
      price: 112.5,
      form: 'tablet',
      stock: 75,
      rx: true,
      description:
        'Strip of 10 tablets. Relieves allergic rhinitis and seasonal allergy symptoms. Prescription medicine.',
    },
    {
      name: 'Throat Lozenges Ginger Honey',
      price: 35,
      form: 'tablet',
      stock: 220,
      description: 'Pack of 8 lozenges with ginger and honey to soothe a scratchy throat and ease cough.',
    },
  ],
  'Digestive Care': [
    {
      name: 'Antacid Gel Mint 200 ml',
      price: 129,
      form: 'syrup',
      stock: 100,
      description:
        'Fast relief from acidity, heartburn and gas. Shake well and take 2 teaspoons after meals.',
    },
    {
      name: 'Pantoprazole 40 mg Tablet',
      price: 78,
      form: 'tablet',
      stock: 150,
      rx: true,
      description:
        'Strip of 15 tablets. Reduces stomach acid for acid reflux and ulcers. Take before breakfast.',
    },
    {
      name: 'Oral Rehydration Salts Orange',
      price: 22,
      form: 'powder',
      stock: 400,
      description:
        'WHO formula ORS sachet of 21 g. Replaces fluids and salts lost in diarrhoea and heat. Dissolve in one litre of clean water.',
    },
    {
      name: 'Isabgol Husk 100 g',
      price: 145,
      form: 'powder',
      stock: 120,
      description:
        'Natural psyllium husk fibre for regular bowel movements and constipation relief. Mix with water or milk at bedtime.',
    },
    {
      name: 'Digestive Ajwain Tablet',
      price: 60,
      form: 'tablet',
      stock: 170,
      description:
        'Chewable tablets of ajwain, saunf and black salt that ease bloating and indigestion after heavy meals.',
    },
    {
      name: 'Probiotic Capsule',
      price: 165,
      form: 'capsule',
      stock: 90,
      description:
        'Pack of 10 capsules with 5 billion good bacteria to restore gut balance during and after antibiotics.',
    },
    {
      name: 'Ondansetron 4 mg Tablet',
      price: 52.3,
      form: 'tablet',
      stock: 85,
      rx: true,
      description: 'Strip of 10 tablets. Prevents nausea and vomiting. Prescription medicine.',
    },
  ],
  'Diabetes Care': [
    {
      name: 'Metformin 500 mg Tablet',
      price: 32.5,
      form: 'tablet',
      stock: 300,
      rx: true,
      description:
        'Strip of 20 tablets. First-line medicine for type 2 diabetes that lowers blood sugar. Prescription medicine; take with meals.',
    },
    {
      name: 'Glimepiride 1 mg Tablet',
      price: 58,
      form: 'tablet',
      stock: 160,
      rx: true,
      description:
        'Strip of 10 tablets. Helps the pancreas release insulin in type 2 diabetes. Prescription medicine.',
    },
    {
      name: 'Blood Glucose Test Strips 50',
      price: 899,
      form: 'powder',
      stock: 60,
      description:
        'Box of 50 test strips for home blood glucose monitoring. Results in 5 seconds from a tiny blood drop.',
    },
    {
      name: 'Sugar Free Sweetener 100 Pellets',
      price: 120,
      form: 'tablet',
      stock: 200,
      description: 'Zero-calorie sucralose pellets for tea and coffee. Suitable for people with diabetes.',
    },
    {
      name: 'Karela Jamun Juice 1 L',
      price: 299,
      form: 'syrup',
      stock: 70,
      description:
        'Ayurvedic juice of bitter gourd and jamun that supports healthy blood sugar. Take 30 ml with water before meals.',
    },
    {
      name: 'Diabetic Foot Cream 75 g',
      price: 235,
      form: 'cream',
      stock: 55,
      description:
        'Urea-based cream that heals dry, cracked feet, a common problem in diabetes. Apply twice daily.',
    },
  ],
  'Heart & Blood Pressure': [
    {
      name: 'Amlodipine 5 mg Tablet',
      price: 28.6,
      form: 'tablet',
      stock: 220,
      rx: true,
      description:
        'Strip of 15 tablets. Calcium channel blocker that lowers high blood pressure and prevents chest pain. Prescription medicine.',
    },
    {
      name: 'Telmisartan 40 mg Tablet',
      price: 64,
      form: 'tablet',
      stock: 190,
      rx: true,
      description:
        'Strip of 15 tablets. Controls high blood pressure and protects the heart and kidneys. Prescription medicine.',
    },
    {
      name: 'Atorvastatin 10 mg Tablet',
      price: 96.8,
      form: 'tablet',
      stock: 150,
      rx: true,
      description:
        'Strip of 15 tablets. Lowers LDL cholesterol and the risk of heart attack and stroke. Prescription medicine; take at night.',
    },
    {
      name: 'Aspirin 75 mg Tablet',
      price: 12.4,
      form: 'tablet',
      stock: 260,
      rx: true,
      description:
        'Strip of 14 gastro-resistant tablets. Low-dose aspirin that prevents blood clots. Prescription medicine.',
    },
    {
      name: 'Arjuna Capsule',
      price: 185,
      form: 'capsule',
      stock: 100,
      description:
        'Bottle of 60 capsules of arjuna bark extract, the classical ayurvedic herb for a healthy heart.',
    },
    {
      name: 'Omega 3 Fish Oil Capsule',
      price: 449,
      form: 'capsule',
      stock: 80,
      description: 'Bottle of 60 softgels with EPA and DHA for heart, brain and joint health.',
    },
  ],
  'Vitamins & Supplements': [
    {
      name: 'Vitamin C 500 mg Chewable',
      price: 99,
      form: 'tablet',
      stock: 260,
      description: 'Strip of 15 orange-flavoured chewable tablets. Supports immunity and healthy skin.',
    },
    {
      name: 'Vitamin D3 60000 IU Capsule',
      price: 132,
      form: 'capsule',
      stock: 140,
      description:
        'Strip of 4 softgels. Weekly vitamin D for strong bones and immunity, common deficiency in India. Take with milk.',
    },
    {
      name: 'Multivitamin Tablet for Men',
      price: 349,
      form: 'tablet',
      stock: 110,
      description:
        'Bottle of 30 tablets with 24 vitamins and minerals, ginseng and lycopene for energy and stamina.',
    },
    {
      name: 'Multivitamin Tablet for Women',
      price: 349,
      form: 'tablet',
      stock: 110,
      description:
        "Bottle of 30 tablets with iron, folic acid, calcium and biotin for everyday women's health.",
    },
    {
      name: 'Calcium Vitamin D3 Tablet',
      price: 118,
      form: 'tablet',
      stock: 180,
      description: 'Strip of 15 tablets. Calcium carbonate with vitamin D3 for bone and joint health.',
    },
    {
      name: 'Iron Folic Acid Tablet',
      price: 45,
      form: 'tablet',
      stock: 200,
      description:
        'Strip of 15 tablets. Prevents and treats iron-deficiency anaemia, especially in pregnancy.',
    },
    {
      name: 'Vitamin B Complex Capsule',
      price: 38.5,
      form: 'capsule',
      stock: 230,
      description: 'Strip of 10 capsules with B vitamins and zinc for energy, nerves and healthy mouth.',
    },
    {
      name: 'Whey Protein Kesar Badam 500 g',
      price: 1299,
      form: 'powder',
      stock: 40,
      description:
        'Protein powder with 24 g protein per serving, flavoured with saffron and almond. For fitness and recovery.',
    },
  ],
  Ayurvedic: [
    {
      name: 'Ashwagandha Churna 100 g',
      price: 135,
      form: 'powder',
      stock: 120,
      description:
        'Pure ashwagandha root powder, a rasayana that relieves stress, improves sleep and builds strength. Half a teaspoon with warm milk at night.',
    },
    {
      name: 'Triphala Churna 100 g',
      price: 90,
      form: 'powder',
      stock: 150,
      description:
        'Classical blend of amla, haritaki and bibhitaki for gentle digestion and regular bowels. One teaspoon with warm water at bedtime.',
    },
    {
      name: 'Chyawanprash 500 g',
      price: 245,
      form: 'powder',
      stock: 130,
      description:
        'Traditional amla-based jam with over 40 herbs and spices that builds immunity through the seasons. One spoon daily with milk.',
    },
    {
      name: 'Giloy Ghan Vati',
      price: 110,
      form: 'tablet',
      stock: 160,
      description:
        'Bottle of 60 tablets of guduchi (giloy) extract, valued in ayurveda for immunity and fever.',
    },
    {
      name: 'Brahmi Vati',
      price: 150,
      form: 'tablet',
      stock: 90,
      description:
        'Bottle of 60 tablets of brahmi for memory, concentration and calm. Suitable for students and adults.',
    },
    {
      name: 'Dashmularishta 450 ml',
      price: 198,
      form: 'syrup',
      stock: 70,
      description:
        'Fermented ayurvedic tonic of ten roots that restores strength, especially after childbirth. 15 to 30 ml with equal water after meals.',
    },
    {
      name: 'Mahanarayan Taila 100 ml',
      price: 160,
      form: 'oil',
      stock: 85,
      description:
        'Classical herbal massage oil for joint pain, stiffness and muscle fatigue. Warm slightly and massage gently.',
    },
    {
      name: 'Kumkumadi Tailam 12 ml',
      price: 595,
      form: 'oil',
      stock: 45,
      description:
        'Saffron-based ayurvedic face oil that brightens skin and fades dark spots. A few drops at night.',
    },
    {
      name: 'Tulsi Drops 30 ml',
      price: 125,
      form: 'drops',
      stock: 140,
      description:
        'Concentrated extract of five types of tulsi. Add 2 drops to water or tea for immunity and respiratory health.',
    },
    {
      name: 'Shatavari Granules 200 g',
      price: 220,
      form: 'powder',
      stock: 75,
      description:
        "Shatavari root granules, the ayurvedic tonic for women's health and lactation. Two teaspoons with milk.",
    },
    {
      name: 'Neem Capsule',
      price: 140,
      form: 'capsule',
      stock: 110,
      description: 'Bottle of 60 capsules of neem leaf extract that purifies blood and supports clear skin.',
    },
    {
      name: 'Amla Juice 1 L',
      price: 199,
      form: 'syrup',
      stock: 95,
      description:
        'Cold-pressed Indian gooseberry juice rich in natural vitamin C for immunity, hair and skin. 30 ml with water each morning.',
    },
  ],
  'Skin & Hair Care': [
    {
      name: 'Clotrimazole Cream 15 g',
      price: 72,
      form: 'cream',
      stock: 140,
      description:
        "Antifungal cream for ringworm, athlete's foot and fungal itching. Apply twice daily for 2 to 4 weeks.",
    },
    {
      name: 'Aloe Vera Gel 150 ml',
      price: 180,
      form: 'cream',
      stock: 160,
      description: 'Soothing aloe vera gel for sunburn, dry skin and as a light daily moisturiser.',
    },
    {
      name: 'Sunscreen SPF 50 Lotion 50 ml',
      price: 399,
      form: 'cream',
      stock: 90,
      description:
        'Broad-spectrum, non-greasy sunscreen for the Indian summer. Apply 20 minutes before going out.',
    },
    {
      name: 'Ketoconazole Shampoo 100 ml',
      price: 265,
      form: 'syrup',
      stock: 70,
      description: 'Anti-dandruff shampoo that controls flaking and itchy scalp. Use twice a week.',
    },
    {
      name: 'Bhringraj Hair Oil 200 ml',
      price: 210,
      form: 'oil',
      stock: 100,
      description:
        'Ayurvedic hair oil of bhringraj, amla and coconut that reduces hair fall and nourishes the scalp.',
    },
    {
      name: 'Calamine Lotion 100 ml',
      price: 88,
      form: 'syrup',
      stock: 130,
      description: 'Cooling lotion for itching, rashes, prickly heat and insect bites.',
    },
    {
      name: 'Minoxidil 5% Solution 60 ml',
      price: 699,
      form: 'drops',
      stock: 40,
      rx: true,
      description:
        'Topical solution for hereditary hair loss. Apply 1 ml to the scalp twice daily. Use under medical advice.',
    },
  ],
  'Baby & Mother Care': [
    {
      name: 'Baby Massage Oil 200 ml',
      price: 245,
      form: 'oil',
      stock: 90,
      description:
        'Light almond and olive oil blend for daily baby massage. Free of mineral oil and parabens.',
    },
    {
      name: 'Diaper Rash Cream 50 g',
      price: 165,
      form: 'cream',
      stock: 110,
      description: 'Zinc oxide cream that soothes and protects against nappy rash.',
    },
    {
      name: 'Gripe Water 150 ml',
      price: 62,
      form: 'syrup',
      stock: 150,
      description: 'Herbal gripe water with dill and sodium bicarbonate that eases colic and gas in babies.',
    },
    {
      name: 'Paracetamol Paediatric Drops 15 ml',
      price: 36,
      form: 'drops',
      stock: 120,
      description:
        'Paracetamol 100 mg/ml drops for fever and pain in infants. Dose by weight as advised on the pack.',
    },
    {
      name: 'Prenatal Multivitamin Tablet',
      price: 289,
      form: 'tablet',
      stock: 80,
      description: 'Bottle of 30 tablets with folic acid, DHA, iron and iodine for a healthy pregnancy.',
    },
    {
      name: 'Nipple Care Cream 30 g',
      price: 299,
      form: 'cream',
      stock: 50,
      description:
        'Lanolin cream that soothes sore, cracked nipples during breastfeeding. Safe for the baby.',
    },
  ],
  'Personal Care & Wellness': [
    {
      name: 'Hand Sanitizer 500 ml',
      price: 250,
      form: 'syrup',
      stock: 180,
      description: '70% alcohol hand rub with aloe vera that kills 99.9% of germs without water.',
    },
    {
      name: 'Digital Thermometer',
      price: 199,
      form: 'tablet',
      stock: 100,
      description: 'Fast, accurate digital thermometer with beep alert and memory of the last reading.',
    },
    {
      name: 'Antiseptic Liquid 500 ml',
      price: 215,
      form: 'syrup',
      stock: 120,
      description: 'Chloroxylenol antiseptic for first aid, wounds, bathing and household hygiene.',
    },
    {
      name: 'Crepe Bandage 10 cm',
      price: 140,
      form: 'cream',
      stock: 90,
      description: 'Elastic crepe bandage for sprains, strains and joint support.',
    },
    {
      name: 'Herbal Green Tea 100 g',
      price: 175,
      form: 'leaf',
      stock: 130,
      description: 'Assam green tea with tulsi and lemongrass, rich in antioxidants. Two cups a day.',
    },
    {
      name: 'Moringa Leaf Powder 100 g',
      price: 149,
      form: 'leaf',
      stock: 85,
      description:
        'Dried drumstick leaf powder rich in iron, calcium and protein. Add a teaspoon to smoothies or dal.',
    },
  ],
}
