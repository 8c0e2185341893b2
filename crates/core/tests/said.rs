//! A game's log line (`Said`) told to its readers: the seats' names filled in, and the
//! second person for the reader the line is about.

use tabula_core::Said;
use tabula_core::game::second_person;

#[test]
fn a_line_is_told_to_its_subject_in_the_second_person() {
    let names = ["ada".to_owned(), "bob".to_owned()];
    let hit = Said::by(0, "leaps from 24 to 20, sending {1}'s frog back to the root");
    assert_eq!(hit.told(&names, None), "ada leaps from 24 to 20, sending bob's frog back to the root");
    assert_eq!(hit.told(&names, Some(0)), "you leap from 24 to 20, sending bob's frog back to the root");
    assert_eq!(hit.told(&names, Some(1)), "ada leaps from 24 to 20, sending your frog back to the root");
    assert_eq!(Said::by(1, "passes").words(&names, Some(1)), "pass");
    assert_eq!(Said::by(1, "has $300").words(&names, Some(1)), "have $300");
    assert_eq!(Said::by(0, "plays first (red)").told(&names, Some(0)), "you play first (red)");
    let declared = Said::by(1, "(Chantico) declares Stun Gun");
    assert_eq!(declared.told(&names, Some(1)), "you (Chantico) declare Stun Gun");
    assert_eq!(declared.told(&names, Some(0)), "bob (Chantico) declares Stun Gun");
}

#[test]
fn verbs_take_the_second_person() {
    for (third, second) in [
        ("leaps", "leap"),
        ("has", "have"),
        ("is", "are"),
        ("carries", "carry"),
        ("passes", "pass"),
        ("pushes", "push"),
        ("plans:", "plan:"),
        ("goes", "go"),
        ("sells", "sell"),
    ] {
        assert_eq!(second_person(third), second);
    }
}
