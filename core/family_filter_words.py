"""The family filter's word roots, in English and Russian, written for gamenight (gamenight.family_filter).

Each root is a regular expression matched against one folded word (lower case, look-alike letters of the other
alphabet and leetspeak folded, separators between letters removed). The matcher reads a letter stretched three
times or more as twice and once (so `fuck` also finds `fuuuck`) and lets a vowel be starred out (`f*ck`). `^` and `$` anchor a root to the
start or end of a word: most roots are anchored, so that the words that only contain one pass (Scunthorpe,
cocktail; команда, оскорблять). ALLOWED lists the innocent words that a root still finds inside them.

MODERATE: strong profanity, explicit sexual words and slurs. MILD: what strict adds (mild swearing, crude words).
"""

from __future__ import annotations

ENGLISH_MODERATE: tuple[str, ...] = (
    "fuck",
    "^f[u*]?ck",
    "^fuk(s|ed|ing|er|ers)?$",
    "^phuck",
    "^fvck",
    "^fuq",
    "^shit",
    "shit(s|ty|ter|head|hole|face|bag)?$",
    "^cunt",
    "cunts?$",
    "asshole",
    "arsehole",
    "^ass(hat|wipe|face|clown)",
    "bitch",
    "dickhead",
    "^wank(er|ers|ing|ed|s)?$",
    "^cocks?$",
    "cocksucker",
    "^pussy$",
    "^pussies$",
    "blowjob",
    "^handjob",
    "^porn",
    "whore",
    "^sluts?$",
    "^slutty$",
    "^twats?$",
    "^jizz",
    "^dildo",
    "^skank",
    "^nigg[ae]r",
    "^nigga",
    "faggot",
    "^fags?$",
    "^retards?$",
    "^retarded$",
    "^tranny$",
    "^trannies$",
    "^kikes?$",
    "^paki$",
)

ENGLISH_MILD: tuple[str, ...] = (
    "^damn",
    "damn$",
    "^dammit$",
    "^craps?$",
    "^crappy$",
    "^ass$",
    "^arse$",
    "^jackass$",
    "^dumbass$",
    "^piss$",
    "^pissed$",
    "^pisses$",
    "^pissing$",
    "^bastards?$",
    "^sex$",
    "^sexy$",
    "^boob",
    "^dicks?$",
    "^morons?$",
    "^tits$",
    "^bollocks$",
    "^bugger$",
)

# Russian typed in Latin letters, matched with the English roots.
TRANSLIT_MODERATE: tuple[str, ...] = (
    "pi[zs]d",
    "pe[zs]d",
    "^(na|po)[hx]u[yij]$",
    "^[hx]u[yj](nya|nja)?$",
    "^xui$",
    "^bl[yj]a[td]",
    "^suka$",
    "^(za|vy|na|ot|do|po|u)?y?eba[tl]",
    "^(za|vy|na|ot|do|po|u)?y?eban(a|ut|ko|y)",
    "^mudak",
    "^mudil",
    "^pid[oa]r",
    "^pidr",
)

ENGLISH_ALLOWED: tuple[str, ...] = (
    "^shiitake",
    "^shitake",
    "^shiite",
    "^mishits?",
    "^niggard",
)

RUSSIAN_MODERATE: tuple[str, ...] = (
    "^(на|по|ни|до|о|а|за|вы|от|с|раз|рас)?ху[йяеюи]",
    "ху(йн|йл|ил|ев|есос|яр|як|яч)",
    "пизд",
    "пезд",
    "^(за|у|вы|въ|на|об|объ|от|отъ|раз|разъ|рас|съ|по|про|пере|подъ|до|долбо|недо|из|изъ|при)?еб",
    "долбоеб",
    "^бля$",
    "^бля[дт]",
    "^бл[яа]д",
    "бляд",
    "^сук(а|и|е|у|ой|ам|ами|ах)$",
    "^сукин",
    "^суч(ка|ки|ке|ку|кой|кам|ками|ках)$",
    "^сучар",
    "^муд(ак|ач|ил|оз|озвон|ень)",
    "залуп",
    "пидор",
    "^пидар",
    "^пидр",
    "^педик(и|а|у|ом|ов|ам|ами|ах)?$",
    "шлюх",
    "шлюш",
    "^манд(а|ы|у|ой|е|ень|ой|ища)$",
    "мандав",
    "г[ао]ндон",
    "^(за|по|на|от|раз|вы)?дроч",
    "^жид(ы|а|у|ом|ов|ам|ами|ах|овка|овск|яр)?$",
    "^хач(и|а|у|ом|ей|ам|ами|ах|ик)?$",
    "черножоп",
)

RUSSIAN_MILD: tuple[str, ...] = (
    "жоп",
    "г[ао]вн",
    "дерьм",
    "^(на|по|об|обо|за|вы|рас)?срат",
    "^(об|обо|за|у)?сра(л|лс)",
    "^(на|по|об|за|вы|рас)?сран",
    "^(на|по|об|за|вы|рас)?сру$",
    "^(на|об|по|за)?сса[тл]",
    "^херн",
    "^херов",
    "^(на|по)?хер$",
    "^дебил",
    "^мраз",
    "^секс(а|ом|е|у|ы)?$",
)

RUSSIAN_ALLOWED: tuple[str, ...] = (
    "страху[йяею]",
    "^бляха",
    "^бляху",
    "^бляхи",
    "скипидар",
    "^алемайехуев",
    "^элиахуев",
)
