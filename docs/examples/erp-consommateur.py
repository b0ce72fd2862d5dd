#!/usr/bin/env python3
"""An ERP's consumer of Silo's order feed, with Python's standard library only.

Reads every accepted order once, records it in the ERP, posts its first step back, and keeps its
cursor in a file. Environment: SILO_URL (https://silo.example), SILO_CLE (an API key of scope
'lecture-ecriture': it reads the feed and posts steps), CURSEUR (the cursor's file, default
curseur.txt). Run it every few seconds.
"""
import hashlib, json, os, urllib.request

URL, CLE = os.environ["SILO_URL"].rstrip("/"), os.environ["SILO_CLE"]
CURSEUR = os.environ.get("CURSEUR", "curseur.txt")


def appel(methode, chemin, corps=None, cle_idempotence=None):
    entetes = {"Authorization": f"Bearer {CLE}", "Content-Type": "application/json"}
    if cle_idempotence:
        entetes["Idempotency-Key"] = cle_idempotence
    donnees = None if corps is None else json.dumps(corps).encode()
    requete = urllib.request.Request(URL + chemin, donnees, entetes, method=methode)
    with urllib.request.urlopen(requete, timeout=30) as reponse:  # a 4xx/5xx raises: cursor kept
        return json.load(reponse)


def cle(numero, etape, ligne="toutes"):
    # Made from what the step is, never at random: a consumer that died after posting sends the
    # same key again, and Silo gives back its first answer instead of applying the step twice.
    return hashlib.sha256(f"{numero}/{ligne}/{etape}".encode()).hexdigest()


def enregistrer_dans_erp(commande):  # the ERP's own work, keyed by the order's number
    print(f"commande {commande['numero']} ({commande['tiers']['numTiers']}) : {len(commande['lignes'])} ligne(s)")


apres = open(CURSEUR).read().strip() if os.path.exists(CURSEUR) else "0"
while True:
    page = appel("GET", f"/api/integration/v1/commandes?apres={apres}&limite=100")
    for commande in page["commandes"]:
        enregistrer_dans_erp(commande)
        numero = commande["numero"]
        appel("POST", f"/api/integration/v1/commandes/{numero}/etapes", {"etape": "VALORISEE"}, cle(numero, "VALORISEE"))
    # Saved only once every order of the page is recorded and its step posted: a crash before
    # this line reads the page again, which the two steps above take without harm.
    with open(CURSEUR + ".tmp", "w") as fichier:
        fichier.write(page["suivant"])
    os.replace(CURSEUR + ".tmp", CURSEUR)
    apres = page["suivant"]
    if not page["encore"]:
        break
