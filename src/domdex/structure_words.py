"""The words of other languages that say *what kind* of element a request wants (issue 10).

find's request parser knows English words that are not names: role words ("button",
"field", "table"), words that ask for a value ("how much", "when") and the shape of
that value ("price", "date"). A German request says *Tabelle*, a Russian one *кнопку*,
*сколько стоит*. :data:`STRUCTURE_WORDS` maps such words (folded, in the forms a request
uses them) to the English word the parser already understands, so one parser serves
every language. It is consulted only on pages that are not in English.

What is here: the role words of :data:`domdex.search.lexical.ROLE_WORDS`, the value
and shape words and the ordinals a request counts with (first … third, last), in German,
French, Spanish, Italian, Portuguese, Dutch and Russian (Russian in its common cases);
the ordinals also in Chinese, Japanese and Arabic. Not the names of things (those are the
page's words).
"""

from __future__ import annotations

__all__ = ["STRUCTURE_WORDS"]

_BY_ENGLISH = {
    "button": "schaltflache knopf bouton boton pulsante botao knop "
              "кнопка кнопку кнопки кнопке кнопкой",
    "link": "lien enlace vinculo collegamento ligacao koppeling ссылка ссылку ссылки ссылке",
    "field": "feld eingabefeld champ campo veld поле поля полю",
    "textbox": "textfeld",
    "checkbox": "kontrollkastchen casilla чекбокс флажок галочка галочку",
    "dropdown": "auswahlliste desplegable выпадающий",
    "list": "liste lista lijst список списке списка",
    "table": "tabelle tableau tabla tabella tabela tabel таблица таблицу таблице таблицы",
    "heading": "uberschrift titre titulo encabezado titolo kop заголовок заголовка",
    "image": "bild imagen immagine imagem afbeelding картинка картинку изображение",
    "tab": "reiter onglet pestana scheda aba вкладка вкладку вкладке",
    "radio": "optionsfeld переключатель",
    # words that ask for a value, and its shape
    "how": "wieviel viel combien cuanto cuanta cuantos cuantas quanto quanta hoeveel "
           "сколько",
    "when": "wann quand cuando quando wanneer когда",
    "price": "preis prix precio prezzo preco prijs цена цену стоимость",
    "cost": "kostet kosten coute cuesta costa kost стоит",
    "date": "datum fecha дата",
    # positions ("the last user", "the second job"); not French "second(e)", a class
    "first": "erste erster erstes ersten premier premiere primer primero primera primo "
             "primeiro primeira eerste первый первая первое первую первого первой первом "
             "第一 最初 الأول الأولى",
    "second": "zweite zweiter zweites zweiten deuxieme segundo segunda secondo seconda "
              "tweede второй вторая второе вторую второго втором 第二 الثاني الثانية",
    "third": "dritte dritter drittes dritten troisieme tercer tercero tercera terzo terza "
             "terceiro terceira derde третий третья третье третью третьего третьем 第三 "
             "الثالث الثالثة",
    "last": "letzte letzter letztes letzten dernier derniere ultimo ultima laatste "
            "последний последняя последнее последнюю последнего последней последнем "
            "最后 最後 الأخير الأخيرة",
}

#: A request word of another language → the English word the parser knows.
STRUCTURE_WORDS: dict[str, str] = {
    word: english for english, words in _BY_ENGLISH.items() for word in words.split()
}
