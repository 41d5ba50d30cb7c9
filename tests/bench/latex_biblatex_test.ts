import assert from "node:assert/strict";
import { bblEntries, biblatexList, printedEntry } from "../../bench/pdf/_latex_biblatex.ts";
import { withGeneratedMatter } from "../../bench/pdf/_latex_generated.ts";
import { runCommand } from "../../bench/pdf/_run.ts";

/** pandoc's GitHub Markdown for a LaTeX source, as the real-world corpus' references are made. */
async function pandoc(latex: string): Promise<string> {
  const out = await runCommand("pandoc", ["-f", "latex", "-t", "gfm-raw_html", "--wrap=none"], {
    stdin: latex,
  });
  return new TextDecoder().decode(out);
}

/** Two entries as Biber writes them (`.bbl`, biblatex 3). */
const BBL = String.raw`\refsection{0}
  \datalist[entry]{none/global//global/global/global}
    \entry{DKE1969}{article}{}{}
      \name{author}{1}{}{%
        {{hash=5f1a}{%
           family={Edwards},
           familyi={E\bibinitperiod},
           given={Donald\bibnamedelima K.},
           giveni={D\bibinitperiod\bibinitdelim K\bibinitperiod}}}%
      }
      \strng{namehash}{5f1a}
      \field{journaltitle}{{ASME} J. Heat Transfer}
      \field{month}{2}
      \field{number}{1}
      \field{title}{Radiative Transfer Characteristics of Materials}
      \field{volume}{91}
      \field{year}{1969}
      \field{pages}{1\bibrangedash 15}
      \verb{doi}
      \verb 10.1115/1.3580108
      \endverb
    \endentry
    \entry{ww1920}{book}{}{}
      \name{author}{2}{}{%
        {{hash=eb8d}{%
           family={Whittaker},
           given={Edwin\bibnamedelima Taylor},
           giveni={E\bibinitperiod\bibinitdelim T\bibinitperiod}}}%
        {{hash=5d7a}{%
           family={Watson},
           given={George\bibnamedelima Neville},
           giveni={G\bibinitperiod\bibinitdelim N\bibinitperiod}}}%
      }
      \list{location}{1}{%
        {Cambridge, UK}%
      }
      \list{publisher}{2}{%
        {Cambridge University Press}%
        {Macmillan}%
      }
      \field{edition}{3}
      \field{title}{A Course of Modern Analysis}
      \field{year}{1920}
      \verb{url}
      \verb https://archive.org/details/course_00whit
      \endverb
      \field{urlday}{29}
      \field{urlmonth}{5}
      \field{urlyear}{2023}
    \endentry
  \enddatalist
\endrefsection
`;

Deno.test("bblEntries reads Biber's names, fields, lists and verbatim fields in numbered order", () => {
  const [article, book] = bblEntries(BBL);
  assert.equal(article!.key, "DKE1969");
  assert.equal(article!.fields.get("pages"), "1–15");
  assert.equal(article!.verbs.get("doi"), "10.1115/1.3580108");
  assert.deepEqual(book!.lists.get("publisher"), ["Cambridge University Press", "Macmillan"]);
  assert.equal(book!.names.get("author")!.length, 2);
});

Deno.test("printedEntry writes an entry as biblatex's standard style prints it", () => {
  const [article, book] = bblEntries(BBL);
  assert.equal(
    printedEntry(article!, true),
    "D. K. Edwards. “Radiative Transfer Characteristics of Materials”. {ASME} J. Heat Transfer 91.1 (Feb. 1969), pp. 1–15. doi: 10.1115/1.3580108.",
  );
  assert.equal(
    printedEntry(book!, false),
    "Edwin Taylor Whittaker and George Neville Watson. A Course of Modern Analysis. 3rd ed. Cambridge, UK: Cambridge University Press and Macmillan, 1920. url: \\url{https://archive.org/details/course_00whit} (visited on 05/29/2023).",
  );
});

Deno.test("withGeneratedMatter writes biblatex's list under \\printbibliography's heading", async () => {
  const source = "\\documentclass{article}\n\\begin{document}\nText.\n\\printbibliography\n\\end{document}\n";
  assert.doesNotMatch(await pandoc(withGeneratedMatter(source, false)), /Edwards/);
  const markdown = await pandoc(
    withGeneratedMatter(source, false, { bibliography: biblatexList(BBL, true) }),
  );
  assert.match(markdown, /# References\n\n- {3}\\\[1\\\] D\. K\. Edwards\. “Radiative/);
  assert.match(
    markdown,
    /- {3}\\\[2\\\] E\. T\. Whittaker and G\. N\. Watson\..*<https:\/\/archive\.org\/details\/course_00whit>/,
  );
});

/** An entry of the `.bbl` of `type` with the fields and lists given, as Biber writes them. */
function entry(type: string, fields: Record<string, string>, lists: Record<string, string> = {}): string {
  return [
    `\\entry{k}{${type}}{}{}`,
    ...Object.entries(lists).map(([name, value]) => `\\list{${name}}{1}{%\n{${value}}%\n}`),
    ...Object.entries(fields).map(([name, value]) => `\\field{${name}}{${value}}`),
    "\\endentry",
  ].join("\n");
}

/** The one entry of a `.bbl` holding `text`, as printed. */
function printedOne(text: string): string {
  const bbl =
    `\\refsection{0}\n\\datalist[entry]{none/global//global/global/global}\n${text}\n\\enddatalist\n`;
  return printedEntry(bblEntries(bbl)[0]!, true);
}

Deno.test("printedEntry prints an event's place and dates, a report's number, an organization, an eid, an ISBN", () => {
  assert.equal(
    printedOne(entry("inproceedings", {
      title: "Losses",
      booktitle: "Proceedings of IDA",
      venue: "São Paulo, Brazil",
      eventyear: "2017",
      eventmonth: "10",
      eventday: "15",
      eventendyear: "2017",
      eventendmonth: "10",
      eventendday: "20",
      number: "IDA17WC-58334",
      month: "10",
      year: "2017",
    }, { publisher: "International Desalination Association" })),
    "“Losses”. In: Proceedings of IDA (São Paulo, Brazil, Oct. 15–20, 2017). IDA17WC-58334. International Desalination Association, Oct. 2017.",
  );
  assert.equal(
    printedOne(
      entry("report", { title: "Heat", type: "Technical Memorandum No.", number: "12-1-58W", year: "1958" }, {
        institution: "NASA",
        location: "Washington, DC",
      }),
    ),
    "Heat. Technical Memorandum No. 12-1-58W. Washington, DC: NASA, 1958.",
  );
  assert.equal(
    printedOne(entry("manual", { title: "GSL", version: "2.4", year: "2017" }, {
      organization: "Free Software Foundation",
      location: "Boston, MA",
    })),
    "GSL. Version 2.4. Free Software Foundation. Boston, MA, 2017.",
  );
  assert.equal(
    printedOne(
      entry("article", {
        title: "Flow",
        journaltitle: "J. Heat",
        volume: "142",
        number: "6",
        eid: "061805",
        month: "6",
        year: "2020",
      }),
    ),
    "“Flow”. J. Heat 142.6, 061805 (June 2020).",
  );
  assert.equal(
    printedOne(
      entry("book", { title: "Heat", year: "1998", isbn: "3-540-63695-1" }, { publisher: "Springer" }),
    ),
    "Heat. Springer, 1998. isbn: 3-540-63695-1.",
  );
});
