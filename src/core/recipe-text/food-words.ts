// The words of a food as matching compares them (docs/api.md#recipe-text-matching): lower case, accents
// and punctuation gone, singular, and the plain words a recipe uses put in the wording of the
// library (USDA's): "unsalted" is "without salt", "confectioners'" and "icing" sugar are "powdered",
// "baking soda" is "sodium bicarbonate", "ketchup" is "catsup", and in British kitchens "plain" flour
// is "all-purpose". The same rewriting is applied to recipe lines and to food names, so each phrase of
// a group finds the others.
import { searchText } from '../../lib/text.js';
import { isBritishKitchen, type RecipeLanguage } from './units.js';

const KEEP_AS_IS = /(ss|us|is|ous)$/;

/** The singular of a word as both sides are folded: "eggs" -> "egg", "tomatoes" -> "tomato", "berries" -> "berry", "leaves" -> "leaf". */
export function singular(word: string): string {
  if (word.length <= 3 || KEEP_AS_IS.test(word) || word === 'molasses' || word === 'hummus' || word === 'swiss') return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:leav|loav|halv|knive)es$/.test(word)) return `${word.slice(0, -3)}f`;
  if (/(?:ch|sh|x|z)es$/.test(word) || /oes$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith("'s")) return word.slice(0, -1);
  return word;
}

type Rewrite = readonly [RegExp, string];

const phrase = (words: string) => new RegExp(`\\b(?:${words})\\b`, 'g');

/**
 * Words that are one word in two spellings: applied to recipe lines and to every food name alike,
 * so each finds the other ("Sodium bicarbonate" finds "baking soda", "unsalted" "without salt").
 */
const SAME_WORDS: readonly Rewrite[] = [
  [phrase('unsalted|salt free|saltless'), 'without salt'],
  [phrase('confectioners|confectioner|10x'), 'powdered'],
  [phrase('icing sugar|powder sugar|powdered powdered sugar'), 'powdered sugar'],
  [phrase('bicarbonate of soda|bicarb of soda|bicarb soda|bicarb|sodium bicarbonate|bicarbonate soda'), 'baking soda'],
  [phrase('ketchup|tomato ketchup'), 'catsup'],
  [phrase('yoghurt'), 'yogurt'],
  [phrase('chilli'), 'chili'],
  [phrase('semi sweet'), 'semisweet'],
  [phrase('jalape[nñ]o'), 'jalapeno'],
];

/** A quick test for the words SAME_WORDS rewrites: most names hold none of them. */
const SAME_WORDS_TRIGGER = /salt|confection|10x|icing|powder|bicarb|ketchup|yoghurt|chilli|semi sweet|jalape/;

/**
 * Recipe words -> the library's words, for every language, applied to recipe lines and to the
 * account's own ingredient names (which are written in recipe words too). Each says what USDA calls
 * the food a cook names so (SR28's descriptions): a documented choice of this service, one line a food.
 */
const EVERYWHERE: readonly Rewrite[] = [
  [/^ oil $/g, ' soybean salad cooking oil '],
  [/^ vanilla $/g, ' vanilla extract '],
  [phrase('(?<!turkey |canadian |meatless )bacon(?! bits)'), 'pork cured bacon'],
  [phrase('florets?|flowerets?'), 'flower clusters'],
  [phrase('milk chocolate (?:chips?|morsels?)'), 'milk chocolate'],
  [phrase('white chocolate (?:chips?|morsels?)'), 'white chocolate'],
  [phrase('ap flour'), 'all purpose flour'],
  [phrase('scallions?|green onions?|spring onions?'), 'spring onion'],
  [
    phrase('(?:semisweet |dark |bittersweet )?chocolate (?:chips?|morsels?|chunks?)|semisweet morsels?|semisweet chips?'),
    'semisweet chocolate',
  ],
  [phrase('bittersweet chocolate|dark chocolate 70|plain chocolate'), 'dark 60 69 chocolate'],
  [phrase('unsweetened chocolate|baking chocolate'), 'unsweetened baking chocolate'],
  [phrase('cocoa powder|cacao powder|dutch process cocoa|dutch processed cocoa|natural cocoa'), 'cocoa powder'],
  [phrase('vanilla essence|pure vanilla extract|pure vanilla|vanilla extract'), 'vanilla extract'],
  [phrase('kosher salt|sea salt|fine salt|flaky salt|flaky sea salt|coarse salt|table salt|fine sea salt|salt flakes'), 'salt'],
  [phrase('(?:freshly )?(?:cracked |ground )?black pepper|black peppercorns?|peppercorns?|ground pepper'), 'black pepper'],
  [
    phrase('(?:crushed )?red pepper flakes|crushed red pepper|chilli flakes|chili flakes|cayenne pepper|cayenne|ground cayenne'),
    'red cayenne pepper',
  ],
  [phrase('(red|green|yellow|orange) bell peppers?'), '$1 sweet pepper'],
  [phrase('bell peppers?'), 'sweet pepper'],
  [phrase('jalapenos?'), 'jalapeno pepper'],
  [phrase('extra virgin olive oil|extra virgin oil|evoo|light olive oil|virgin olive oil'), 'olive oil'],
  [phrase('vegetable oil|neutral oil|cooking oil'), 'soybean salad cooking oil'],
  [phrase('vegetable shortening|shortening'), 'vegetable household composite shortening'],
  [phrase('heavy whipping cream|heavy cream|whipping cream|thickened cream'), 'heavy whipping cream'],
  [phrase('half and half|half n half'), 'half and half cream'],
  [
    phrase('rolled oats|old fashioned oats|old fashioned rolled oats|quick oats|quick cooking oats|porridge oats|oatmeal'),
    'regular quick oats',
  ],
  [phrase('whole wheat flour|wholemeal flour|whole grain flour|whole wheat'), 'whole grain wheat flour'],
  [phrase('self raising|self rising'), 'self rising'],
  [
    phrase('superfine sugar|caster sugar|castor sugar|white sugar|cane sugar|golden caster sugar|granulated white sugar'),
    'granulated sugar',
  ],
  [
    phrase(
      'light brown sugar|dark brown sugar|muscovado sugar|light muscovado sugar|dark muscovado sugar|demerara sugar|soft brown sugar|golden brown sugar',
    ),
    'brown sugar',
  ],
  [phrase('breadcrumbs|bread crumbs|panko|panko breadcrumbs|panko bread crumbs'), 'dry grated bread crumbs'],
  [phrase('parmigiano reggiano|parmigiano|parmesan reggiano'), 'parmesan'],
  [
    phrase('instant espresso powder|espresso powder|instant coffee powder|instant coffee|instant espresso'),
    'instant regular coffee powder',
  ],
  [phrase('lemon zest|zest of lemon'), 'lemon peel'],
  [phrase('garlic cloves?'), 'garlic'],
  [phrase('(?:all purpose |unbleached |plain )?white flour'), 'all purpose flour'],
  [phrase('cornstarch|corn starch|cornflour starch'), 'cornstarch'],
  [
    phrase(
      'active dry yeast|instant yeast|instant dry yeast|dry yeast|rapid rise yeast|quick rise yeast|fast action dried yeast|fast action yeast|dried yeast|bread machine yeast',
    ),
    'active dry yeast',
  ],
  [phrase('fresh yeast|cake yeast'), 'compressed yeast'],
  [phrase('gelatine|unflavored gelatin|unflavoured gelatin|powdered gelatin'), 'gelatin'],
  [phrase('pumpkin puree|pumpkin pur[eé]e|canned pumpkin'), 'canned pumpkin'],
  [phrase('crushed tomatoes|diced tomatoes|chopped tomatoes|canned tomatoes|tinned tomatoes'), 'canned tomatoes'],
  [phrase('tomato paste|tomato puree'), 'tomato paste'],
  [phrase('chicken stock|chicken broth|chicken bouillon'), 'chicken broth'],
  [phrase('beef stock|beef broth'), 'beef broth'],
  [phrase('sweetened condensed milk|condensed milk'), 'sweetened condensed milk'],
  [phrase('coconut milk'), 'canned coconut milk'],
  [phrase('sultanas?|golden raisins?'), 'golden raisin'],
  [phrase('mayo'), 'mayonnaise'],
  [phrase('hot sauce|hot pepper sauce|tabasco'), 'pepper hot sauce'],
  [phrase('soy sauce|shoyu'), 'soy wheat shoyu sauce'],
  [phrase('sesame seed paste|tahini paste'), 'tahini'],
  [phrase('coriander leaves|fresh coriander|cilantro leaves'), 'cilantro'],
  [phrase('plain yogurt|natural yogurt'), 'plain yogurt'],
  [phrase('boneless skinless chicken breasts?|skinless boneless chicken breasts?|chicken breasts?'), 'chicken broilers fryers breast'],
  [phrase('chicken (thighs?|drumsticks?|wings?|legs?)'), 'chicken broilers fryers $1'],
  [phrase('ground beef|minced beef|beef mince|lean ground beef|lean minced beef'), 'ground beef'],
  [phrase('prawns?'), 'shrimp'],
  [phrase('courgettes?'), 'zucchini'],
  [phrase('aubergines?'), 'eggplant'],
  [phrase('rocket'), 'arugula'],
  [phrase('beetroots?'), 'beet'],
  [phrase('mangetout'), 'snow pea'],
  [phrase('treacle|black treacle'), 'molasses'],
  [phrase('basmati rice|jasmine rice|long grain white rice|long grain rice|white rice|long grain'), 'white long grain rice'],
  [phrase('flaked coconut|shredded coconut|desiccated coconut|sweetened coconut|coconut flakes'), 'sweetened shredded coconut'],
  [phrase('russet potato(?:es)?|potato(?:es)?'), 'potato'],
  [phrase('penne pasta|penne|spaghetti|linguine|fettuccine|rigatoni|macaroni|elbow macaroni|fusilli|rotini|farfalle'), 'dry pasta'],
  [phrase('frozen peas|green peas|garden peas'), 'frozen green pea'],
  [phrase('corn kernels'), 'sweet yellow corn'],
  [phrase('roma tomato(?:es)?|plum tomato(?:es)?|cherry tomato(?:es)?|grape tomato(?:es)?|ripe tomato(?:es)?'), 'red ripe tomato'],
  [phrase('unsweetened applesauce'), 'applesauce'],
  [phrase('almond flour|almond meal|ground almonds'), 'almond flour'],
  [phrase('dried cranberries|craisins'), 'dried sweetened cranberry'],
];

/** British, Irish, Australian and New Zealand kitchens (docs/api.md#recipe-text: "plain" flour is "all-purpose"). */
const BRITISH: readonly Rewrite[] = [
  [phrase('plain flour'), 'all purpose flour'],
  [phrase('strong white bread flour|strong white flour|strong bread flour|strong flour'), 'bread flour'],
  [phrase('double cream'), 'heavy whipping cream'],
  [phrase('single cream'), 'light cream'],
  [phrase('cornflour'), 'cornstarch'],
  [phrase('mince'), 'ground beef'],
  [phrase('coriander'), 'cilantro'],
];

/** The words stripped from a line's food words: they say nothing of which food it is. */
const NOISE = new Set([
  'of',
  'the',
  'a',
  'an',
  'and',
  'or',
  'for',
  'to',
  'in',
  'into',
  'good',
  'quality',
  'best',
  'organic',
  'free',
  'range',
  'ripe',
  'fresh',
  'freshly',
  'pure',
  'store',
  'bought',
  'homemade',
  'favorite',
  'favourite',
  'your',
  'cut',
  'pieces',
  'piece',
  'inch',
  'large',
  'medium',
  'small',
  'full',
  'fat',
  'room',
  'temperature',
  'about',
  'approximately',
  'boiling',
  'hot',
  'cold',
  'warm',
  'lukewarm',
  'ice',
  'iced',
  'chilled',
  'softened',
]);

/** Text with punctuation as spaces and apostrophes gone: "confectioners' sugar" -> "confectioners sugar". */
function plain(text: string): string {
  return searchText(text)
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text with the rewrites applied (before singular forms): for a recipe line or an account's own
 * name, those of its language (`recipe`); for a library name only the spellings of one word.
 */
export function rewrite(text: string, language: RecipeLanguage | null, recipe = language !== null): string {
  let out = ` ${plain(text)} `;
  if (SAME_WORDS_TRIGGER.test(out)) for (const [from, to] of SAME_WORDS) out = out.replace(from, to);
  if (!recipe) return out.replace(/\s+/g, ' ').trim();
  // British words first: "plain flour" must become all-purpose before "white flour" is read.
  if (language !== null && isBritishKitchen(language)) for (const [from, to] of BRITISH) out = out.replace(from, to);
  for (const [from, to] of EVERYWHERE) out = out.replace(from, to);
  return out.replace(/\s+/g, ' ').trim();
}

/** A line's food words: rewritten, singular, without noise ("2 large free-range eggs" -> ["egg"]). */
export function lineFoodWords(name: string, language: RecipeLanguage): string[] {
  const words = rewrite(name, language)
    .split(' ')
    .filter((w) => w.length > 0 && !NOISE.has(w))
    .map(singular);
  return [...new Set(words)];
}

/** A food name's words as the library index holds them (`recipe`: an account's own name, written in recipe words). */
export function nameFoodWords(name: string, recipe = false): string[] {
  return [
    ...new Set(
      rewrite(name, recipe ? 'en' : null, recipe)
        .split(' ')
        .filter((w) => w.length > 0)
        .map(singular),
    ),
  ];
}

/** Any text's words, singular, for choosing among measures ("sifted", "packed", "chopped"). */
export function plainWords(text: string): string[] {
  return plain(text)
    .split(' ')
    .filter((w) => w.length > 0)
    .map(singular);
}
